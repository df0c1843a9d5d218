import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { MIN_USERNAME_LENGTH } from '../../src/shared/adminMessages';
import { hashPassword } from '../auth/passwordHash';
import { readConfig } from '../config';
import { openStore } from '../store/openStore';
import { forgetFirstPassword } from '../auth/bootstrapAdmin';
import { passwordProblem } from '../auth/passwordRules';
import { randomUUID } from 'node:crypto';

/**
 * `npm run admin:password [-- --username NAME] [--remove-second-factor]`: sets a new password
 * for an account from the command line, for a firm that has lost it, on whichever store the
 * server uses (DATABASE_URL, or the files in DATA_DIR; stop a file-store server first).
 * Without --username it is the only owner's. It asks for the password twice without echoing
 * it (or reads two lines from a pipe), stores only the hash and ends that account's sessions
 * and trusted devices; --remove-second-factor also removes its authenticator app, passkeys
 * and recovery codes (a lost phone), so it sets up a new one at the next sign-in.
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
  const named = nameFlag > 0 ? process.argv[nameFlag + 1]?.trim() : undefined;
  if (nameFlag > 0 && (!named || named.length < MIN_USERNAME_LENGTH)) {
    throw new Error(`--username needs a name of at least ${MIN_USERNAME_LENGTH} characters.`);
  }
  const removeFactors = process.argv.includes('--remove-second-factor');
  const config = readConfig();
  const store = await openStore(config);
  try {
    const accounts = await store.accounts.list();
    const owners = accounts.filter((account) => account.role === 'owner');
    const account = named ? await store.accounts.find(named) : owners.length === 1 ? owners[0] : undefined;
    if (!account && accounts.length > 0) {
      const list = accounts.map((candidate) => `${candidate.username} (${candidate.role})`).join(', ');
      throw new Error(
        `${named ? `No account is named "${named}".` : 'Say which account with --username NAME.'} The accounts are: ${list}. Nothing was changed.`,
      );
    }
    const [password, again] = await askTwice();
    if (password !== again) throw new Error('The two passwords do not match. Nothing was changed.');
    const problem = passwordProblem(password);
    if (problem) throw new Error(`${problem} Nothing was changed.`);
    const passwordHash = await hashPassword(password);
    if (account) {
      // One write (or transaction): the new password, and the end of every session and trusted device of that account.
      await store.accounts.update(
        account.id,
        { passwordHash, mustChangePassword: false, ...(removeFactors && { mfa: {} }) },
        { forgetDevices: true },
      );
      const who = { account: account.username, accountId: account.id };
      await store.audit.add({ ...who, action: 'password-change', detail: 'from the command line' });
      if (removeFactors)
        await store.audit.add({ ...who, action: 'second-factor-reset', detail: `${account.username}, from the command line` });
      console.log(
        `The password of "${account.username}" has been changed${removeFactors ? ' and its second factors removed' : ''}, and its sessions have ended.`,
      );
    } else {
      const username = named ?? 'admin';
      await store.accounts.add({ id: randomUUID(), username, role: 'owner', passwordHash, createdAt: new Date().toISOString() });
      await store.audit.add({ account: username, action: 'account-add', detail: `${username} (owner), from the command line` });
      console.log(`No account existed, so the owner account "${username}" was created with this password.`);
    }
    forgetFirstPassword(config.dataDir);
  } finally {
    await store.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
