import { FORMS, JSON_TYPE, type HostileRequest } from './corpusParts';

const nul = encodeURIComponent('\u0000');

/**
 * NUL characters where PostgreSQL once answered 500 (a form field, an id, a search, a cursor)
 * and cursors past what PostgreSQL's numbers hold: each must be a 400 with a message, on either
 * store. The hostile runner sends them to the file store; tests/server/postgres.test.ts to PostgreSQL.
 */
export function nulAndCursorRequests(): HostileRequest[] {
  const get = (name: string, path: string): HostileRequest => ({ name, method: 'GET', path, credential: 'valid', mustNotStore: true });
  return [
    {
      name: 'a NUL inside the message of an enquiry',
      method: 'POST',
      path: '/addcontactdata',
      headers: JSON_TYPE,
      body: JSON.stringify({ ...FORMS.contact.valid, message: 'Call me\u0000 after 5' }),
      mustNotStore: true,
    },
    {
      name: 'a NUL inside a privacy request',
      method: 'POST',
      path: '/privacyrequest',
      headers: JSON_TYPE,
      body: JSON.stringify({ name: 'Asha\u0000', phone: '9822012345', kind: 'access' }),
      mustNotStore: true,
    },
    get('a NUL in an enquiry id', `/admin/api/enquiries/abc${nul}`),
    {
      name: 'a NUL in the id of a status change',
      method: 'PATCH',
      path: `/admin/api/enquiries/abc${nul}`,
      headers: JSON_TYPE,
      body: JSON.stringify({ status: 'contacted' }),
      credential: 'valid',
      mustNotStore: true,
    },
    get('a NUL in a search', `/admin/api/enquiries?q=asha${nul}`),
    get('a NUL in a phone search', `/admin/api/enquiries?phone=98220${nul}`),
    get('a NUL in an enquiry cursor', `/admin/api/enquiries?cursor=1.1${nul}`),
    get('a NUL in a privacy request cursor', `/admin/api/privacy-requests?cursor=x${nul}`),
    get('a NUL in a person lookup', `/admin/api/person?email=a${nul}%40b.in`),
    get('a cursor time past the year 9999', '/admin/api/enquiries?cursor=99999999999999999999.1'),
    get('a cursor sequence past the largest bigint', '/admin/api/enquiries?cursor=1.9999999999999999999'),
    get('an audit cursor past the largest bigint', '/admin/api/audit?cursor=9999999999999999999'),
  ];
}
