import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EnquiryRecord } from '../../api/store/Store';

/** Every enquiry of one form as it is on disk, read straight from the JSON files. Throws if a file does not parse. */
export function storedEnquiries(dataDir: string, kind: 'about' | 'contact'): EnquiryRecord[] {
  const dir = path.join(dataDir, 'enquiries', kind);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^\d{6}\.json$/.test(name))
    .sort()
    .flatMap((name) => (JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { records: EnquiryRecord[] }).records);
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: { message?: string; errors?: Record<string, string> } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // not JSON: the caller asserts on status
  }
  return { status: response.status, headers: response.headers, json, text };
}
