import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where a server without SECRETS_KEY keeps the key it made: DATA_DIR/secrets.key, never in a backup. */
export const SECRETS_KEY_FILE = 'secrets.key';
const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** A sealed text: this prefix, then the sealed bytes in base64url. The version lets a later format sit beside this one. */
const SEALED_TEXT = 'sealed:v1:';

/** The key cannot be read, or what it was asked to open was sealed with another key or changed since. */
export class SecretsKeyError extends Error {}

/**
 * The key the server seals its secrets with at rest (the authenticator apps' shared secrets,
 * and whatever else must not lie in the store in clear): AES-256-GCM with a random 96-bit nonce
 * for each value. A value can be bound to what it belongs to (`context`, such as the account's
 * id), so a sealed value copied onto another record does not open there.
 */
export class SecretsKey {
  private constructor(private readonly key: Buffer) {}

  /** 64 hexadecimal characters; `origin` names where they came from, for the message when they are not a key. */
  static fromHex(hex: string, origin: string): SecretsKey {
    if (!HEX_KEY.test(hex.trim()))
      throw new SecretsKeyError(`${origin} must be 64 hexadecimal characters (32 bytes), as \`openssl rand -hex 32\` prints.`);
    return new SecretsKey(Buffer.from(hex.trim(), 'hex'));
  }

  static generate(): SecretsKey {
    return new SecretsKey(randomBytes(32));
  }

  /** Tells whether two keys are the same, and nothing about the key itself. */
  get check(): string {
    return createHmac('sha256', this.key).update('vardhan secrets key check').digest('hex').slice(0, 16);
  }

  /**
   * A keyed hash (HMAC-SHA256) of `value` for one `purpose`, `bytes` long (128 bits unless asked, 256
   * at most) in base64url: the same on every instance that shares the key, and telling nothing of
   * the value to anyone without it.
   */
  tag(purpose: string, value: string, bytes = 16): string {
    return createHmac('sha256', this.key).update(`${purpose}\0${value}`).digest().subarray(0, bytes).toString('base64url');
  }

  /** The nonce, the ciphertext and the authentication tag, in one buffer. */
  encrypt(plain: Buffer, context = ''): Buffer {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    return Buffer.concat([nonce, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  }

  /** What `encrypt` sealed with this key and `context`; SecretsKeyError for anything else. */
  decrypt(sealed: Buffer, context = ''): Buffer {
    if (sealed.length < NONCE_BYTES + TAG_BYTES) throw new SecretsKeyError('The sealed value is too short to be one.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new SecretsKeyError('The sealed value does not open with this secrets key: it was sealed with another key, or changed.');
    }
  }

  /** A text sealed as a text, for a field of a JSON record or a column. */
  sealText(text: string, context: string): string {
    return `${SEALED_TEXT}${this.encrypt(Buffer.from(text, 'utf8'), context).toString('base64url')}`;
  }

  openText(sealed: string, context: string): string {
    if (!isSealedText(sealed)) throw new SecretsKeyError('The value is not sealed.');
    return this.decrypt(Buffer.from(sealed.slice(SEALED_TEXT.length), 'base64url'), context).toString('utf8');
  }
}

export const isSealedText = (value: string): boolean => value.startsWith(SEALED_TEXT);

/** The key given (SECRETS_KEY, as the configuration read it), or else DATA_DIR/secrets.key; undefined when there is neither. */
export function findSecretsKey(given: SecretsKey | undefined, dataDir: string): { key: SecretsKey; from: string } | undefined {
  if (given) return { key: given, from: 'SECRETS_KEY' };
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SecretsKeyError(`The secrets key ${file} cannot be read: ${(error as Error).message}`);
  }
  return { key: SecretsKey.fromHex(text, file), from: file };
}

/**
 * The key as `findSecretsKey` finds it or, on a first start with neither, a new one written into
 * DATA_DIR/secrets.key (readable by the server's user only); `created` is then that file. Two
 * processes starting at once on one folder end up with the same key: the file is made whole
 * under a temporary name and linked into place, which only one of them can do.
 */
export function loadOrCreateSecretsKey(
  given: SecretsKey | undefined,
  dataDir: string,
): { key: SecretsKey; from: string; created?: string } {
  const found = findSecretsKey(given, dataDir);
  if (found) return found;
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  const temporary = path.join(dataDir, `.${SECRETS_KEY_FILE}.${process.pid}.tmp`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(temporary, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flush: true });
  let created = true;
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    created = false;
  } finally {
    rmSync(temporary, { force: true });
  }
  const { key } = findSecretsKey(undefined, dataDir)!;
  return { key, from: file, ...(created && { created: file }) };
}
