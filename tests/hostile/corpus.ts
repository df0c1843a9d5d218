/**
 * What the open internet sends a small firm's website, as data: each entry is one
 * request the hostile runner fires at a real server. Entries are built from the lists in
 * corpusParts.ts (payloads × fields × endpoints) so a new payload reaches every place it applies.
 */
import { adminRequests, deskRequests } from './adminCorpus';
import { FORMS, JSON_TYPE, type HostileRequest } from './corpusParts';
import { formRequests } from './formCorpus';
import { nulAndCursorRequests } from './nulCorpus';
import { privacyDeskRequests } from './privacyCorpus';

export { FORMS, MARKUP_PAYLOADS } from './corpusParts';
export type { Credential, HostileRequest } from './corpusParts';

function transportRequests(): HostileRequest[] {
  const requests: HostileRequest[] = [];
  for (const size of [8 * 1024, 15 * 1024, 64 * 1024]) {
    requests.push({
      name: `a ${size / 1024} KB header on a page`,
      method: 'GET',
      path: '/about',
      headers: { 'X-Padding': 'x'.repeat(size) },
      mustNotStore: true,
    });
    requests.push({
      name: `a ${size / 1024} KB cookie on an enquiry`,
      method: 'POST',
      path: '/addcontactdata',
      headers: { ...JSON_TYPE, Cookie: `session=${'y'.repeat(size)}` },
      body: JSON.stringify(FORMS.contact.valid),
      mustNotStore: false,
    });
  }
  for (const path of [
    '/../../package.json',
    '/assets/..%2f..%2fpackage.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..\\..\\package.json',
    '/data/security.json',
    '/.env',
    '/server.lock',
    '/%00',
    '/about%00.html',
  ]) {
    requests.push({ name: `GET ${path}`, method: 'GET', path, mustNotStore: true });
  }
  return requests;
}

export const HOSTILE_CORPUS: HostileRequest[] = [
  ...formRequests(),
  ...adminRequests(),
  ...deskRequests(),
  ...privacyDeskRequests(),
  ...nulAndCursorRequests(),
  ...transportRequests(),
];
