import {
  FORMS,
  INJECTION_PAYLOADS,
  JSON_TYPE,
  MALFORMED,
  MARKUP_PAYLOADS,
  NOSQL_OPERATORS,
  PROTOTYPE_BODIES,
  STRANGE_NAMES,
  WRONG_TYPES,
  invalidUtf8Body,
  repeatChunks,
  type HostileRequest,
} from './corpusParts';

/** Every way a form submission can be wrong, for both public forms. */
export function formRequests(): HostileRequest[] {
  const requests: HostileRequest[] = [];
  for (const [kind, form] of Object.entries(FORMS)) {
    const valid = form.valid as Record<string, unknown>;
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
      // The consent box is a boolean, so "a boolean" is the one wrong type that is right for it.
      for (const [label, value] of WRONG_TYPES.filter(([, value]) => value !== valid[field]))
        requests.push(post(`${field} is ${label}`, JSON.stringify({ ...valid, [field]: value })));
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
