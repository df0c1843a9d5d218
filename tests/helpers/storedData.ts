import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EnquiryRecord } from '../../api/store/Store';
import type { PrivacyRequest } from '../../src/shared/privacyRequests';

/** Every record in one folder of segments, read straight from the JSON files. Throws if a file does not parse. */
function storedRecords<R>(dir: string): R[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^\d{6}\.json$/.test(name))
    .sort()
    .flatMap((name) => (JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { records: R[] }).records);
}

/** Every enquiry of one form as it is on disk. */
export function storedEnquiries(dataDir: string, form: 'about' | 'contact'): EnquiryRecord[] {
  return storedRecords(path.join(dataDir, 'enquiries', form));
}

/** Every request about personal data as it is on disk. */
export function storedPrivacyRequests(dataDir: string): PrivacyRequest[] {
  return storedRecords(path.join(dataDir, 'privacy-requests'));
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

/** The files under `dir` (every one, however deep) whose bytes hold `text`: where a secret would have leaked. */
export function filesHolding(dir: string, text: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && readFileSync(path.join(entry.parentPath, entry.name)).includes(text))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
