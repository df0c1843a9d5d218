import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MIN_USERNAME_LENGTH } from '../../src/shared/adminMessages';
import type { Store } from '../store/Store';
import { hashPassword } from './passwordHash';
import { passwordProblem } from './passwordRules';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** Where the first start leaves a generated password: never in a log, readable by the server's user only. */
export const FIRST_PASSWORD_FILE = 'first-admin-password.txt';

/** 16 characters from an alphabet without look-alikes (0/O, 1/l/I), about 93 bits. */
export function randomPassword(length = 16): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** The generated password's file is removed once the owner has chosen their own. */
export function forgetFirstPassword(dataDir: string) {
  rmSync(path.join(dataDir, FIRST_PASSWORD_FILE), { force: true });
}

/**
 * On first start, creates the first owner: from ADMIN_USERNAME and ADMIN_PASSWORD when
 * both are set, otherwise "admin" with a random password written to a private file in
 * DATA_DIR (the log only says where), which must be changed at the first login. Does
 * nothing when an account exists.
 */
export async function bootstrapAdmin(store: Store, env: NodeJS.ProcessEnv, dataDir: string, print: (text: string) => void): Promise<void> {
  if ((await store.accounts.list()).length > 0) {
    if (env.ADMIN_PASSWORD)
      print('ADMIN_PASSWORD is set, but an account already exists, so it was ignored. Use `npm run admin:password` to change a password.');
    return;
  }
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = env;
  const owner = { id: randomUUID(), role: 'owner' as const, createdAt: new Date().toISOString() };
  if (username && password) {
    if (username.trim().length < MIN_USERNAME_LENGTH) throw new Error(`ADMIN_USERNAME must be at least ${MIN_USERNAME_LENGTH} characters.`);
    const problem = passwordProblem(password);
    if (problem) throw new Error(`ADMIN_PASSWORD cannot be used. ${problem}`);
    await store.accounts.add({ ...owner, username: username.trim(), passwordHash: await hashPassword(password) });
    print(`Created the owner account "${username.trim()}" from ADMIN_USERNAME and ADMIN_PASSWORD.`);
    return;
  }
  const generated = randomPassword();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, FIRST_PASSWORD_FILE);
  writeFileSync(file, `username: admin\npassword: ${generated}\n`, { mode: 0o600 });
  await store.accounts.add({ ...owner, username: 'admin', passwordHash: await hashPassword(generated), mustChangePassword: true });
  print(
    [
      '',
      '  No account existed, so the owner account "admin" was created.',
      `  Its password is in ${file} (readable by this user only).`,
      '  Log in at /adminLogin with it; you will be asked to choose your own, and the file is then removed.',
      '',
    ].join('\n'),
  );
}
