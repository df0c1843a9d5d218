import { ADMIN_DELETES, ADMIN_GETS, HOSTILE_IDS, JSON_TYPE, type HostileRequest, type Credential } from './corpusParts';

/** The admin endpoints without a proper session, with hostile ids and from other origins. */
export function adminRequests(): HostileRequest[] {
  const requests: HostileRequest[] = [];
  const intruders: Credential[] = ['none', 'forged', 'expired', 'swapped', 'username-only'];
  for (const credential of intruders) {
    for (const path of ADMIN_GETS)
      requests.push({ name: `GET ${path} with ${credential} credentials`, method: 'GET', path, credential, mustNotStore: true });
    for (const [path, field] of ADMIN_DELETES) {
      requests.push({
        name: `${path} with ${credential} credentials`,
        method: 'POST',
        path,
        headers: JSON_TYPE,
        body: JSON.stringify({ [field]: 'any' }),
        credential,
        mustNotStore: true,
      });
    }
    requests.push({
      name: `logout with ${credential} credentials`,
      method: 'POST',
      path: '/admin/logout',
      headers: JSON_TYPE,
      body: '{}',
      credential,
      mustNotStore: true,
    });
  }
  for (const [path, field] of ADMIN_DELETES) {
    for (const [label, id] of HOSTILE_IDS) {
      requests.push({
        name: `${path} with ${label} as the id`,
        method: 'POST',
        path,
        headers: JSON_TYPE,
        body: JSON.stringify({ [field]: id }),
        credential: 'valid',
        mustNotStore: true,
      });
    }
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example']) {
      requests.push({
        name: `${path} from ${origin}`,
        method: 'POST',
        path,
        headers: { ...JSON_TYPE, Origin: origin },
        body: JSON.stringify({ [field]: 'any' }),
        credential: 'valid',
        mustNotStore: true,
      });
    }
    requests.push({
      name: `${path} as a cross-site form post`,
      method: 'POST',
      path,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'cross-site' },
      body: `${field}=any`,
      credential: 'valid',
      mustNotStore: true,
    });
  }
  const loginBodies: [string, string][] = [
    ['username as an array', JSON.stringify({ username: ['admin'], password: 'x' })],
    ['password as an object', JSON.stringify({ username: 'admin', password: { $ne: '' } })],
    ['a 10 KB password', JSON.stringify({ username: 'admin', password: 'p'.repeat(10_000) })],
    ['__proto__ body', '{"__proto__": {"isAdmin": true}, "username": "admin", "password": "x"}'],
    ['SQL in the username', JSON.stringify({ username: "admin' --", password: 'x' })],
    ['malformed JSON', '{"username": "admin", '],
    ['no fields', '{}'],
    ['a code as an object', JSON.stringify({ username: 'admin', password: 'x', code: { $ne: '' } })],
    ['a 10 KB code', JSON.stringify({ username: 'admin', password: 'x', code: '1'.repeat(10_000) })],
    ['a passkey answer that is text', JSON.stringify({ username: 'admin', password: 'x', passkey: 'signed' })],
    ['a passkey answer without an id', JSON.stringify({ username: 'admin', password: 'x', passkey: { response: {} } })],
  ];
  for (const path of ['/admin/login', '/admin/reset-password', '/admin/reset-username']) {
    for (const [label, body] of loginBodies)
      requests.push({ name: `${path}: ${label}`, method: 'POST', path, headers: JSON_TYPE, body, mustNotStore: true });
    requests.push({
      name: `${path} from another origin`,
      method: 'POST',
      path,
      headers: { ...JSON_TYPE, Origin: 'https://evil.example' },
      body: '{"username":"admin","password":"x"}',
      mustNotStore: true,
    });
  }
  return requests;
}

/** The lead desk's API: every endpoint without a proper session, then hostile ids, queries and bodies with one. */
export function deskRequests(): HostileRequest[] {
  const requests: HostileRequest[] = [];
  const one = '/admin/api/enquiries/any-id';
  const endpoints: [string, string, string?][] = [
    ['GET', '/admin/api/enquiries'],
    ['GET', one],
    ['GET', '/admin/api/enquiries.csv'],
    ['GET', '/admin/api/stats'],
    ['GET', '/admin/api/today'],
    ['GET', '/admin/api/accounts'],
    ['GET', '/admin/api/audit'],
    ['PATCH', one, '{"status":"contacted"}'],
    ['POST', `${one}/notes`, '{"text":"x"}'],
    ['DELETE', one, '{}'],
    ['POST', '/admin/api/accounts', '{"username":"intruder","password":"intruder pass","role":"owner"}'],
    ['PATCH', '/admin/api/accounts/owner', '{"role":"staff"}'],
    ['DELETE', '/admin/api/accounts/owner', '{}'],
    ['GET', '/admin/api/mfa'],
    ['POST', '/admin/api/mfa/confirm', '{"password":"owner pass phrase"}'],
    ['POST', '/admin/api/mfa/recovery-codes', '{}'],
    ['DELETE', '/admin/api/accounts/owner/mfa', '{}'],
    ['GET', '/admin/api/stats/campaigns'],
    ['POST', '/admin/api/stats/campaigns', '{"name":"intruder-campaign"}'],
    ['DELETE', '/admin/api/stats/campaigns/diwali', '{}'],
  ];
  for (const credential of ['none', 'forged', 'expired', 'swapped', 'username-only'] as Credential[]) {
    for (const [method, path, body] of endpoints) {
      requests.push({
        name: `${method} ${path} with ${credential} credentials`,
        method,
        path,
        headers: JSON_TYPE,
        ...(body && { body }),
        credential,
        mustNotStore: true,
      });
    }
  }
  for (const [label, id] of HOSTILE_IDS.filter(([, value]) => typeof value === 'string' && value !== '') as [string, string][]) {
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', '{"status":"contacted"}'],
      ['POST', '/notes', '{"text":"x"}'],
      ['DELETE', '', '{}'],
    ] as const) {
      requests.push({
        name: `${method} an enquiry with ${label} as the id`,
        method,
        path: `/admin/api/enquiries/${encodeURIComponent(id)}${suffix}`,
        headers: JSON_TYPE,
        ...(body && { body }),
        credential: 'valid',
        mustNotStore: true,
      });
    }
  }
  const queries = [
    'q=' + encodeURIComponent('.*'),
    'q=' + encodeURIComponent("' OR 1=1 --"),
    'q=' + encodeURIComponent('%_\\'),
    'q=' + 'x'.repeat(10_000),
    'status=' + encodeURIComponent('{"$ne":null}'),
    'form=__proto__',
    'limit=-1',
    'limit=1e9',
    'limit=NaN',
    'cursor=' + encodeURIComponent('9999999999999999999999.1'),
    'cursor=' + encodeURIComponent("1' OR '1'='1"),
    'phone=' + encodeURIComponent('98220%'),
    'due=yesterday',
    'q=a&q=b&form=contact&form=about',
  ];
  for (const query of queries) {
    for (const path of ['/admin/api/enquiries', '/admin/api/enquiries.csv', '/admin/api/audit']) {
      requests.push({
        name: `GET ${path}?${query.slice(0, 40)}`,
        method: 'GET',
        path: `${path}?${query}`,
        credential: 'valid',
        mustNotStore: true,
      });
    }
  }
  const changes = [
    ['status as a list', '{"status":["closed"]}'],
    ['status as an object', '{"status":{"$ne":"new"}}'],
    ['an unknown status', '{"status":"approved-by-hacker"}'],
    ['a reason without a closing status', '{"status":"contacted","closedReason":"other"}'],
    ['a date that does not exist', '{"followUpOn":"2026-13-45"}'],
    ['a date with a time', '{"followUpOn":"2026-12-01T00:00:00Z"}'],
    ['__proto__', '{"__proto__":{"status":"closed"}}'],
    ['constructor', '{"constructor":{"prototype":{"polluted":true}}}'],
    ['an empty object', '{}'],
    ['null', 'null'],
    ['malformed JSON', '{"status": '],
  ];
  for (const [label, body] of changes) {
    requests.push({
      name: `PATCH an enquiry with ${label}`,
      method: 'PATCH',
      path: one,
      headers: JSON_TYPE,
      body,
      credential: 'valid',
      mustNotStore: true,
    });
  }
  for (const [label, body] of [
    ['text as an object', '{"text":{"$gt":""}}'],
    ['a 100 KB note', () => JSON.stringify({ text: 'n'.repeat(100_000) })],
    ['an extra field', '{"text":"x","by":"someone-else"}'],
  ] as const) {
    requests.push({
      name: `a note with ${label}`,
      method: 'POST',
      path: `${one}/notes`,
      headers: JSON_TYPE,
      body,
      credential: 'valid',
      mustNotStore: true,
    });
  }
  for (const [label, body] of [
    ['a traversal username', '{"username":"../../security","password":"long enough pass","role":"staff"}'],
    ['the role root', '{"username":"rooty","password":"long enough pass","role":"root"}'],
    ['a __proto__ username', '{"username":"__proto__","password":"long enough pass","role":"staff"}'],
    ['a password as an array', '{"username":"arrays","password":["a"],"role":"staff"}'],
  ] as const) {
    requests.push({
      name: `a new account with ${label}`,
      method: 'POST',
      path: '/admin/api/accounts',
      headers: JSON_TYPE,
      body,
      credential: 'valid',
      mustNotStore: true,
    });
  }
  for (const [label, body] of [
    ['a header break', JSON.stringify({ email: 'asha@firm.in\r\nBcc: everyone@spam.example' })],
    ['two addresses', '{"email":"asha@firm.in, ravi@firm.in"}'],
    ['markup', '{"email":"<script>alert(1)</script>@firm.in"}'],
    ['an address as a list', '{"email":["asha@firm.in"]}'],
    ['300 characters', JSON.stringify({ email: `${'a'.repeat(290)}@firm.in` })],
    ['a language the site does not have', '{"email":"asha@firm.in","emailLanguage":"xx"}'],
  ] as const) {
    requests.push({
      name: `a daily list's address with ${label}`,
      method: 'PATCH',
      path: '/admin/api/accounts/owner',
      headers: JSON_TYPE,
      body,
      credential: 'valid',
      mustNotStore: true,
    });
  }
  for (const [label, body] of [
    ['markup', '{"name":"<script>alert(1)</script>"}'],
    ['a list', '{"name":["diwali"]}'],
    ['101 characters', JSON.stringify({ name: 'x'.repeat(101) })],
    ['only spaces', '{"name":"   "}'],
    ['a control character', '{"name":"diwali\\u0007"}'],
    ['an extra field', '{"name":"diwali","expected":false}'],
  ] as const) {
    requests.push({
      name: `an expected campaign with ${label}`,
      method: 'POST',
      path: '/admin/api/stats/campaigns',
      headers: JSON_TYPE,
      body,
      credential: 'valid',
      mustNotStore: true,
    });
  }
  requests.push({
    name: 'PATCH an enquiry from another origin',
    method: 'PATCH',
    path: one,
    headers: { ...JSON_TYPE, Origin: 'https://evil.example' },
    body: '{"status":"contacted"}',
    credential: 'valid',
    mustNotStore: true,
  });
  return requests;
}
