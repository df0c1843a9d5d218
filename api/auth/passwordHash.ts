import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt at N = 2^17, r = 8, p = 1: about 128 MiB and a few hundred milliseconds per hash. */
export const SCRYPT_PARAMETERS = { N: 2 ** 17, r: 8, p: 1, keyLength: 64 };
const MAX_MEMORY = 256 * 1024 * 1024;
/** One hash at a time: a burst of logins waits its turn instead of taking 128 MiB each. */
const MAX_CONCURRENT = 1;
/** At a few hundred milliseconds each, more waiting than this means someone is hammering the login. */
export const MAX_WAITING = 8;
/** Places only a trusted device may take, at the front of the queue: a flood of strangers cannot keep staff out. */
export const TRUSTED_PLACES = 2;

/** The queue of credential checks is full: the caller answers 503 with Retry-After. */
export class HashQueueFullError extends Error {
  constructor() {
    super('Too many sign-ins are being checked right now. Please try again in a few seconds.');
  }
}

/** The client went away while its check waited, so it was never computed. */
export class ClientGoneError extends Error {}

/** How a check waits: `trusted` for a browser holding the account's trusted-device cookie. */
export interface CheckOptions {
  signal?: AbortSignal;
  trusted?: boolean;
}

let running = 0;
const waiting: (() => void)[] = [];
let trustedWaiting = 0;

async function derive(
  password: string,
  salt: Buffer,
  { N, r, p, keyLength }: typeof SCRYPT_PARAMETERS,
  { signal, trusted = false }: CheckOptions = {},
): Promise<Buffer> {
  if (running >= MAX_CONCURRENT) {
    const strangers = waiting.length - trustedWaiting;
    if (trusted ? trustedWaiting >= TRUSTED_PLACES : strangers >= MAX_WAITING) throw new HashQueueFullError();
    if (trusted) {
      trustedWaiting += 1;
      await new Promise<void>((resolve) => waiting.splice(trustedWaiting - 1, 0, resolve));
      trustedWaiting -= 1;
    } else {
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  }
  running += 1;
  try {
    // Nobody is left to read the answer: skip the expensive part and let the next one go.
    if (signal?.aborted) throw new ClientGoneError();
    return await new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: MAX_MEMORY } satisfies ScryptOptions, (error, key) =>
        error ? reject(error) : resolve(key),
      ),
    );
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** "scrypt$N$r$p$salt$hash": the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = SCRYPT_PARAMETERS;
  const key = await derive(password, salt, SCRYPT_PARAMETERS);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Compares in constant time. A malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string, options: CheckOptions = {}): Promise<boolean> {
  const [algorithm, N, r, p, salt, hash] = stored.split('$');
  if (algorithm !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(
    password,
    Buffer.from(salt, 'base64'),
    { N: Number(N), r: Number(r), p: Number(p), keyLength: expected.length },
    options,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;
/** A hash to check against when the username is wrong, so a wrong name takes as long as a wrong password. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
