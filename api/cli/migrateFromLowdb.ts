import { readConfig } from '../config';
import type { EnquiryRecord } from '../store/Store';
import { FileStore } from '../store/file/FileStore';
import { PgStore } from '../store/pg/PgStore';

/**
 * `npm run migrate-from-lowdb`: copies the file store in DATA_DIR into the PostgreSQL
 * database at DATABASE_URL, keeping every enquiry's id, time, status and history, and
 * the staff accounts if the database has none. Safe to run twice: what is already
 * there is left alone. Stop the server on the file store first.
 */
async function main() {
  const config = readConfig();
  if (!config.databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL database to copy into.');
  const files = await FileStore.open(config.dataDir);
  const database = await PgStore.open(config.databaseUrl, 4);
  try {
    const records: EnquiryRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await files.listEnquiries({ limit: 500, ...(cursor !== undefined && { cursor }) });
      for (const summary of page.items) records.push((await files.getEnquiry(summary._id))!);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    let copied = 0;
    // Oldest first, so the database's own insertion order matches the history.
    for (const record of records.reverse()) if (await database.importEnquiry(record)) copied += 1;
    console.log(`Enquiries: ${copied} copied, ${records.length - copied} already in the database.`);
    if ((await database.listAccounts()).length === 0) {
      const accounts = await files.listAccounts();
      for (const account of accounts) await database.addAccount(account);
      console.log(`${accounts.length} account${accounts.length === 1 ? '' : 's'} copied; each signs in with the same password.`);
    }
  } finally {
    await Promise.all([files.close(), database.close()]);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
