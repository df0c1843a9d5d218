import { HOSTILE_IDS, JSON_TYPE, type Credential, type HostileRequest } from './corpusParts';

/**
 * The privacy endpoints of the desk: requests about personal data, and finding, exporting
 * and erasing one person. Erasures name people who are not stored, so none removes a record.
 */
export function privacyDeskRequests(): HostileRequest[] {
  const requests: HostileRequest[] = [];
  const valid = (name: string, request: Omit<HostileRequest, 'name' | 'credential' | 'mustNotStore'>): HostileRequest => ({
    name,
    credential: 'valid',
    mustNotStore: true,
    ...request,
  });

  for (const credential of ['none', 'forged', 'expired', 'swapped', 'username-only'] as Credential[]) {
    for (const [method, path, body] of [
      ['PATCH', '/admin/api/privacy-requests/any', '{"status":"done"}'],
      ['POST', '/admin/api/erasure', '{"phone":"9876543210"}'],
    ] as const) {
      requests.push({
        name: `${method} ${path} with ${credential} credentials`,
        method,
        path,
        headers: JSON_TYPE,
        body,
        credential,
        mustNotStore: true,
      });
    }
  }

  for (const query of [
    'status=' + encodeURIComponent('{"$ne":null}'),
    'status=__proto__',
    'limit=-1',
    'cursor=' + encodeURIComponent("1' OR '1'='1"),
    'cursor=' + 'x'.repeat(10_000),
  ]) {
    requests.push(
      valid(`GET the privacy requests ?${query.slice(0, 40)}`, { method: 'GET', path: `/admin/api/privacy-requests?${query}` }),
    );
  }

  for (const query of [
    '',
    'phone=12345',
    'phone=' + encodeURIComponent('98765%'),
    'email=' + encodeURIComponent("x' OR 1=1 --"),
    'email=' + 'e'.repeat(10_000) + '%40x.in',
    'phone=9876543210&email=probe%40example.in',
    'name=Hostile%20Test',
    '__proto__=1',
  ]) {
    for (const path of ['/admin/api/person', '/admin/api/person.json']) {
      requests.push(valid(`GET ${path}?${query.slice(0, 40)}`, { method: 'GET', path: `${path}?${query}` }));
    }
  }

  for (const [label, body] of [
    ['no one named', '{}'],
    ['both a phone and an e-mail', '{"phone":"9000000001","email":"nobody@example.in"}'],
    ['a phone that is not a mobile number', '{"phone":"12345"}'],
    ['a phone as a list', '{"phone":["9876543210"]}'],
    ['an e-mail as an operator', '{"email":{"$ne":""}}'],
    ['an e-mail of 10 KB', () => JSON.stringify({ email: `${'e'.repeat(10_000)}@x.in` })],
    ['a wildcard e-mail', '{"email":"%@%.%"}'],
    ['__proto__', '{"__proto__":{"phone":"9876543210"}}'],
    ['malformed JSON', '{"phone": '],
    ['someone who is not stored', '{"phone":"9000000001"}'],
    ['an e-mail nobody used', '{"email":"nobody@example.in"}'],
  ] as const) {
    requests.push(valid(`erase ${label}`, { method: 'POST', path: '/admin/api/erasure', headers: JSON_TYPE, body }));
  }
  for (const origin of ['https://evil.example', 'null']) {
    requests.push(
      valid(`erase from ${origin}`, {
        method: 'POST',
        path: '/admin/api/erasure',
        headers: { ...JSON_TYPE, Origin: origin },
        body: '{"phone":"9876543210"}',
      }),
    );
  }
  requests.push(
    valid('erase as a cross-site form post', {
      method: 'POST',
      path: '/admin/api/erasure',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'cross-site' },
      body: 'phone=9876543210',
    }),
  );

  for (const [label, id] of HOSTILE_IDS.filter(([, value]) => typeof value === 'string' && value !== '') as [string, string][]) {
    requests.push(
      valid(`PATCH a privacy request with ${label} as the id`, {
        method: 'PATCH',
        path: `/admin/api/privacy-requests/${encodeURIComponent(id)}`,
        headers: JSON_TYPE,
        body: '{"status":"done"}',
      }),
    );
  }
  for (const [label, body] of [
    ['an unknown status', '{"status":"deleted"}'],
    ['refused without a reason', '{"status":"refused"}'],
    ['a reason with done', '{"status":"done","reason":"because"}'],
    ['a 10 KB reason', () => JSON.stringify({ status: 'refused', reason: 'r'.repeat(10_000) })],
    ['status as an object', '{"status":{"$ne":"open"}}'],
  ] as const) {
    requests.push(
      valid(`PATCH a privacy request with ${label}`, {
        method: 'PATCH',
        path: '/admin/api/privacy-requests/any',
        headers: JSON_TYPE,
        body,
      }),
    );
  }
  return requests;
}
