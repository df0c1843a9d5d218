import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { isDeepStrictEqual } from 'node:util';
import type { AuditEntry, ListPage } from '../../src/shared/desk';
import type { PrivacyRequest } from '../../src/shared/privacyRequests';
import { readConfig } from '../config';
import type { EnquiryRecord } from '../store/Store';
import { FileStore } from '../store/file/FileStore';
import { PgStore } from '../store/pg/PgStore';

/** Every item of a newest-first list, page by page. */
async function everything<T>(page: (cursor?: string) => Promise<ListPage<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    items.push(...next.items);
    cursor = next.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

/** Yes from the flag, or from the person at the terminal; no when nobody can be asked. */
async function agreesToErase(dataDir: string): Promise<boolean> {
  if (process.argv.includes('--erase-old')) return true;
  if (!process.stdin.isTTY) return false;
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await terminal.question(`Erase the old files in ${dataDir} now? They hold every enquiry in plain text. (yes/no) `);
  terminal.close();
  return answer.trim().toLowerCase() === 'yes';
}

/**
 * `npm run migrate-from-lowdb [-- --erase-old]`: copies the file store in DATA_DIR into the
 * PostgreSQL database at DATABASE_URL, keeping every enquiry's and privacy request's id, time,
 * status and history, and the staff accounts and audit log if the database has none. Safe to
 * run twice: what is already there is left alone. Then it checks that every enquiry and request
 * reads back from the database as it was, and only then offers to erase the old files, so the
 * personal data does not stay behind in DATA_DIR. Stop the server on the file store first.
 */
async function main() {
  const config = readConfig();
  if (!config.databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL database to copy into.');
  const files = await FileStore.open(config.dataDir);
  const database = await PgStore.open(config.databaseUrl, 4);
  let verified = false;
  try {
    const summaries = await everything((cursor) => files.listEnquiries({ limit: 500, ...(cursor !== undefined && { cursor }) }));
    const records: EnquiryRecord[] = [];
    for (const summary of summaries) records.push((await files.getEnquiry(summary._id))!);
    let copied = 0;
    // Oldest first, so the database's own insertion order matches the history.
    for (const record of [...records].reverse()) if (await database.importEnquiry(record)) copied += 1;
    console.log(`Enquiries: ${copied} copied, ${records.length - copied} already in the database.`);

    const requests: PrivacyRequest[] = await everything((cursor) =>
      files.listPrivacyRequests({ limit: 500, ...(cursor !== undefined && { cursor }) }),
    );
    let requestsCopied = 0;
    for (const request of [...requests].reverse()) if (await database.importPrivacyRequest(request)) requestsCopied += 1;
    console.log(`Privacy requests: ${requestsCopied} copied, ${requests.length - requestsCopied} already in the database.`);

    if ((await database.listAccounts()).length === 0) {
      const accounts = await files.listAccounts();
      for (const account of accounts) await database.addAccount(account);
      console.log(`${accounts.length} account${accounts.length === 1 ? '' : 's'} copied; each signs in with the same password.`);
    }
    if ((await database.listAudit({ limit: 1 })).total === 0) {
      const entries: AuditEntry[] = await everything((cursor) => files.listAudit({ limit: 500, ...(cursor !== undefined && { cursor }) }));
      for (const entry of entries.reverse()) await database.importAudit(entry);
      console.log(`Audit log: ${entries.length} entries copied.`);
    }

    const missing: string[] = [];
    for (const record of records) {
      const copy = await database.getEnquiry(record._id);
      if (!copy || !isDeepStrictEqual(copy.fields, record.fields) || copy.history.length !== record.history.length)
        missing.push(record._id);
    }
    const copiedRequests = await everything((cursor) =>
      database.listPrivacyRequests({ limit: 500, ...(cursor !== undefined && { cursor }) }),
    );
    const byId = new Map(copiedRequests.map((request) => [request._id, request]));
    for (const request of requests) if (!isDeepStrictEqual(byId.get(request._id)?.fields, request.fields)) missing.push(request._id);
    if (missing.length > 0) {
      console.error(`Not verified: ${missing.length} record(s) did not read back the same, first ${missing[0]}. The old files were kept.`);
      process.exitCode = 1;
      return;
    }
    verified = true;
    console.log(
      `Verified: all ${records.length} enquiries and ${requests.length} privacy requests read back from the database as they were.`,
    );
  } finally {
    await Promise.all([files.close(), database.close()]);
  }
  if (!verified) return;
  if (await agreesToErase(config.dataDir)) {
    for (const name of readdirSync(config.dataDir)) rmSync(path.join(config.dataDir, name), { recursive: true, force: true });
    console.log(`The old files in ${config.dataDir} have been erased.`);
  } else {
    console.log(
      `The old files in ${config.dataDir} still hold every enquiry. Once the database is backed up, erase them: run this again with -- --erase-old.`,
    );
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
