import { readdirSync, rmSync } from 'node:fs';
import { SECRETS_KEY_FILE } from '../secrets/secretsKey';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { isDeepStrictEqual } from 'node:util';
import { readConfig } from '../config';
import { copyStore, everything } from '../store/copyStore';
import { FileStore } from '../store/file/FileStore';
import { PgStore } from '../store/pg/PgStore';

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
 * status and history, the page editor's files with every revision, and the staff accounts and
 * audit log if the database has none. Safe to run twice: what is already there is left alone.
 * Then it checks that every enquiry and request reads back from the database as it was, and only then offers to erase the old files, so the
 * personal data does not stay behind in DATA_DIR. Stop the server on the file store first.
 */
async function main() {
  const config = readConfig();
  if (!config.databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL database to copy into.');
  const files = await FileStore.open(config.dataDir);
  const database = await PgStore.open(config.databaseUrl, 4);
  let verified = false;
  try {
    const report = await copyStore(files, database);
    const { records, privacyRequests: requests } = report;
    console.log(`Enquiries: ${report.enquiries.copied} copied, ${records.length - report.enquiries.copied} already in the database.`);
    console.log(`Privacy requests: ${report.requests.copied} copied, ${requests.length - report.requests.copied} already in the database.`);
    if (report.accounts > 0)
      console.log(`${report.accounts} account${report.accounts === 1 ? '' : 's'} copied; each signs in with the same password.`);
    if (report.audit > 0) console.log(`Audit log: ${report.audit} entries copied.`);
    console.log(
      `Page editor files: ${report.pages.copied} copied with every revision, ${report.pages.of - report.pages.copied} already in the database.`,
    );

    const missing: string[] = [];
    for (const record of records) {
      const copy = await database.enquiries.get(record._id);
      if (!copy || !isDeepStrictEqual(copy.fields, record.fields) || copy.history.length !== record.history.length)
        missing.push(record._id);
    }
    const copiedRequests = await everything((cursor) =>
      database.people.listRequests({ limit: 500, ...(cursor !== undefined && { cursor }) }),
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
    // The secrets key stays: the database's authenticator secrets are sealed with it, and the server reads it there.
    const names = readdirSync(config.dataDir);
    for (const name of names) if (name !== SECRETS_KEY_FILE) rmSync(path.join(config.dataDir, name), { recursive: true, force: true });
    console.log(
      `The old files in ${config.dataDir} have been erased${names.includes(SECRETS_KEY_FILE) ? `, all but the secrets key (${SECRETS_KEY_FILE}), which the database's secrets are sealed with` : ''}.`,
    );
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
