import { readConfig } from '../config';
import { FileStore } from '../store/file/FileStore';
import { PgStore } from '../store/pg/PgStore';

/**
 * `npm run migrate-from-lowdb`: copies the file store in DATA_DIR into the PostgreSQL
 * database at DATABASE_URL, keeping every enquiry's _id, createdAt and sourcePage, and
 * the admin credential if the database has none. Safe to run twice: what is already
 * there is left alone. Stop the server on the file store first.
 */
async function main() {
  const config = readConfig();
  if (!config.databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL database to copy into.');
  const files = await FileStore.open(config.dataDir);
  const database = await PgStore.open(config.databaseUrl, 4);
  try {
    for (const kind of ['contact', 'about'] as const) {
      const records = await files.listEnquiries(kind);
      let copied = 0;
      // Oldest first, so the database's own insertion order matches the history.
      for (const record of records.reverse()) if (await database.importEnquiry(kind, record)) copied += 1;
      console.log(`${kind} enquiries: ${copied} copied, ${records.length - copied} already in the database.`);
    }
    const admin = await files.getAdmin();
    if (admin && !(await database.getAdmin())) {
      await database.setAdmin(admin);
      console.log(`The admin "${admin.username}" was copied; log in with the same password.`);
    }
  } finally {
    await Promise.all([files.close(), database.close()]);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
