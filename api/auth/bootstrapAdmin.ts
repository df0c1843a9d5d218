import { randomInt } from 'node:crypto';
import type { Store } from '../store/Store';
import { MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH } from '../../src/shared/adminMessages';
import { hashPassword } from './passwordHash';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 16 characters from an alphabet without look-alikes (0/O, 1/l/I), about 93 bits. */
export function randomPassword(length = 16): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/**
 * On first start, creates the admin: from ADMIN_USERNAME and ADMIN_PASSWORD when both are
 * set, otherwise "admin" with a random password that is printed this once and stored
 * only as a hash. Does nothing when an admin exists.
 */
export async function bootstrapAdmin(store: Store, env: NodeJS.ProcessEnv, print: (text: string) => void): Promise<void> {
  if (await store.getAdmin()) {
    if (env.ADMIN_PASSWORD)
      print('ADMIN_PASSWORD is set, but an admin already exists, so it was ignored. Use `npm run admin:password` to change the password.');
    return;
  }
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = env;
  if (username && password) {
    if (username.trim().length < MIN_USERNAME_LENGTH) throw new Error(`ADMIN_USERNAME must be at least ${MIN_USERNAME_LENGTH} characters.`);
    if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters.`);
    await store.setAdmin({ username: username.trim(), passwordHash: await hashPassword(password) });
    print(`Created the admin "${username.trim()}" from ADMIN_USERNAME and ADMIN_PASSWORD.`);
    return;
  }
  const generated = randomPassword();
  await store.setAdmin({ username: 'admin', passwordHash: await hashPassword(generated) });
  print(
    [
      '',
      '  No admin existed, so one was created. Note this password now: it is shown only once.',
      '    username: admin',
      `    password: ${generated}`,
      '  Change it with `npm run admin:password`.',
      '',
    ].join('\n'),
  );
}
