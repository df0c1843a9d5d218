import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { limitBody, MAX_BODY_BYTES, parseJsonBody, type JsonBodyEnv } from './jsonBody';

const app = new Hono<JsonBodyEnv>().post('/echo', limitBody, parseJsonBody, (c) => c.json({ got: c.var.body }));
const post = (body: BodyInit, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  app.request('/echo', { method: 'POST', headers, body });

test('hands the parsed body on', async () => {
  const response = await post('{"name":"Asha"}');
  expect(await response.json()).toEqual({ got: { name: 'Asha' } });
});

test('415 unless the body is declared JSON (with or without a charset)', async () => {
  expect((await post('{}', { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(200);
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/json-patch+json']) {
    const response = await post('{}', { 'Content-Type': type });
    expect(response.status, type).toBe(415);
    expect(((await response.json()) as { message: string }).message).toMatch(/Content-Type: application\/json/);
  }
});

test('400 for malformed JSON and for bytes that are not UTF-8', async () => {
  expect((await post('{"name": ')).status).toBe(400);
  expect((await post(new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]))).status).toBe(400);
});

test('413 past the limit, whether or not the length is announced', async () => {
  const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) });
  expect((await post(big)).status).toBe(413);
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(big));
      controller.close();
    },
  });
  expect(
    (
      await app.request('/echo', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit)
    ).status,
  ).toBe(413);
});
