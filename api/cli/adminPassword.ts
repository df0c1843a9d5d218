import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH } from '../../src/shared/adminMessages';
import { hashPassword } from '../auth/passwordHash';
import { readConfig } from '../config';
import { FileStore } from '../store/file/FileStore';

/**
 * `npm run admin:password [-- --username NAME]`: sets a new admin password from the
 * command line, for a firm that has lost it. Run it with the server stopped. It asks for
 * the password twice without echoing it (or reads two lines from a pipe), stores only the
 * hash and ends every session.
 */
async function askTwice(): Promise<[string, string]> {
  const interactive = process.stdin.isTTY;
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const reader = createInterface({ input: process.stdin, output, terminal: interactive });
  const lines = reader[Symbol.asyncIterator]();
  const ask = async (question: string) => {
    if (interactive) process.stdout.write(question);
    muted = true;
    const { value } = (await lines.next()) as IteratorResult<string, undefined>;
    muted = false;
    if (interactive) process.stdout.write('\n');
    return String(value ?? '');
  };
  const answers: [string, string] = [await ask('New admin password: '), await ask('Type it again: ')];
  reader.close();
  return answers;
}

async function main() {
  const nameFlag = process.argv.indexOf('--username');
  const newUsername = nameFlag > 0 ? process.argv[nameFlag + 1]?.trim() : undefined;
  if (nameFlag > 0 && (!newUsername || newUsername.length < MIN_USERNAME_LENGTH)) {
    throw new Error(`--username needs a name of at least ${MIN_USERNAME_LENGTH} characters.`);
  }
  const [password, again] = await askTwice();
  if (password !== again) throw new Error('The two passwords do not match. Nothing was changed.');
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters. Nothing was changed.`);

  const store = await FileStore.open(readConfig().dataDir);
  try {
    const username = newUsername ?? (await store.getAdmin())?.username ?? 'admin';
    await store.setAdmin({ username, passwordHash: await hashPassword(password) });
    await store.deleteSessionsExcept();
    console.log(`The password of the admin "${username}" has been changed, and every session has ended.`);
  } finally {
    await store.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
