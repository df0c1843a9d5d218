import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import { extract, pack } from 'tar-stream';

/**
 * A backup archive is one file:
 *   "VFBACKUP\n", a header line of JSON, then the body: a gzipped tar of manifest.json and
 *   the data's parts, or, with a key, that tarball encrypted and authenticated with AES-256-GCM
 *   (the header is authenticated too). The header says how long the body is, so a cut-off file
 *   is told apart from a changed one, and carries a check value of the key, so a wrong key is
 *   told apart from both.
 */
const MAGIC = Buffer.from('VFBACKUP\n');
const FORMAT = 1;
const MANIFEST = 'manifest.json';
const DATA = 'data/';
const TAG_BYTES = 16;
// Compressed on libuv's thread pool: a server backing itself up keeps answering meanwhile.
const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

export interface Part {
  name: string;
  data: Buffer;
}

export interface Counts {
  enquiries: number;
  privacyRequests: number;
  accounts: number;
  audit: number;
  pages: number;
}

export interface Manifest {
  format: number;
  store: 'file' | 'postgres';
  createdAt: string;
  /** The data's own version: the file store's format, or PostgreSQL's last migration. */
  version: string;
  counts: Counts;
  /**
   * The check value of the secrets key the store's authenticator secrets are sealed with: a
   * restore needs that key (SECRETS_KEY or DATA_DIR/secrets.key), which backups never carry.
   */
  secretsKeyCheck?: string;
  parts: { name: string; bytes: number; sha256: string }[];
}

interface Header {
  format: number;
  encrypted: boolean;
  bodyBytes: number;
  keyCheck?: string;
  iv?: string;
}

/** Why an archive cannot be used: each kind of fault has its own message. */
export class BackupError extends Error {}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** Says whether a key is the one an archive was made with, and nothing about the key itself. */
const keyCheck = (key: Buffer) => createHmac('sha256', key).update('vardhan backup key check').digest('hex').slice(0, 16);

async function tarOf(parts: readonly Part[]): Promise<Buffer> {
  const packer = pack();
  for (const part of parts) packer.entry({ name: part.name, size: part.data.length, mode: 0o600, mtime: new Date(0) }, part.data);
  packer.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of packer) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function untar(tarball: Buffer): Promise<Map<string, Buffer>> {
  const reader = extract();
  reader.end(tarball);
  const entries = new Map<string, Buffer>();
  for await (const entry of reader) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  return entries;
}

/** The archive of `parts`, described by a manifest with each part's size and SHA-256; encrypted when a key is given. */
export async function writeArchive(
  about: Omit<Manifest, 'format' | 'parts'>,
  parts: readonly Part[],
  key?: Buffer,
): Promise<{ bytes: Buffer; manifest: Manifest }> {
  const manifest: Manifest = {
    format: FORMAT,
    ...about,
    parts: parts.map((part) => ({ name: part.name, bytes: part.data.length, sha256: sha256(part.data) })),
  };
  const tarball = await tarOf([
    { name: MANIFEST, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
    ...parts.map((part) => ({ name: `${DATA}${part.name}`, data: part.data })),
  ]);
  const body = await gzip(tarball);
  if (!key) {
    const header: Header = { format: FORMAT, encrypted: false, bodyBytes: body.length };
    return { bytes: Buffer.concat([MAGIC, Buffer.from(`${JSON.stringify(header)}\n`), body]), manifest };
  }
  const iv = randomBytes(12);
  const header: Header = {
    format: FORMAT,
    encrypted: true,
    bodyBytes: body.length + TAG_BYTES,
    keyCheck: keyCheck(key),
    iv: iv.toString('base64'),
  };
  const headerLine = Buffer.from(`${JSON.stringify(header)}\n`);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(headerLine);
  const sealed = Buffer.concat([cipher.update(body), cipher.final(), cipher.getAuthTag()]);
  return { bytes: Buffer.concat([MAGIC, headerLine, sealed]), manifest };
}

function readHeader(bytes: Buffer): { header: Header; headerLine: Buffer; body: Buffer } {
  if (bytes.length < MAGIC.length && MAGIC.subarray(0, bytes.length).equals(bytes))
    throw new BackupError(`The archive is truncated: it holds only ${bytes.length} bytes. Copy it again from where it was kept.`);
  if (!bytes.subarray(0, MAGIC.length).equals(MAGIC))
    throw new BackupError('This is not a backup archive of this site: it does not start as one.');
  const end = bytes.indexOf(0x0a, MAGIC.length);
  if (end === -1) throw new BackupError('The archive is truncated: it ends inside its header.');
  const headerLine = bytes.subarray(MAGIC.length, end + 1);
  let header: Header;
  try {
    header = JSON.parse(headerLine.toString('utf8')) as Header;
  } catch {
    throw new BackupError('The archive is damaged: its header is not readable.');
  }
  if (header.format !== FORMAT) throw new BackupError(`The archive is in format ${String(header.format)}, which this version cannot read.`);
  const body = bytes.subarray(end + 1);
  if (body.length < header.bodyBytes)
    throw new BackupError(
      `The archive is truncated: it holds ${body.length} of its ${header.bodyBytes} bytes. Copy it again from where it was kept.`,
    );
  if (body.length > header.bodyBytes)
    throw new BackupError(`The archive is damaged: it has ${body.length - header.bodyBytes} bytes more than its header says.`);
  return { header, headerLine, body };
}

function open(header: Header, headerLine: Buffer, body: Buffer, key: Buffer | undefined): Buffer {
  // With a key set, backups are encrypted: an unencrypted archive in their place could be anyone's.
  if (!header.encrypted && key)
    throw new BackupError('The archive is not encrypted, but BACKUP_KEY is set: to restore an unencrypted archive, unset BACKUP_KEY.');
  if (!header.encrypted) return body;
  if (!key) throw new BackupError('The archive is encrypted: set BACKUP_KEY to the key it was made with.');
  if (header.keyCheck !== keyCheck(key))
    throw new BackupError('The archive was made with a different BACKUP_KEY: this key cannot open it.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.iv ?? '', 'base64'));
  decipher.setAAD(headerLine);
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new BackupError('The archive is damaged: its contents do not match their authentication tag, so at least one byte was changed.');
  }
}

/**
 * The manifest and parts of an archive, after every check: the header, the length, the key,
 * the authentication tag, and each part's size and SHA-256 against the manifest.
 */
export async function readArchive(bytes: Buffer, key?: Buffer): Promise<{ manifest: Manifest; parts: Part[]; encrypted: boolean }> {
  const { header, headerLine, body } = readHeader(bytes);
  const tarball = open(header, headerLine, body, key);
  let entries: Map<string, Buffer>;
  try {
    entries = await untar(await gunzip(tarball));
  } catch {
    throw new BackupError('The archive is damaged: its contents cannot be unpacked.');
  }
  const manifestBytes = entries.get(MANIFEST);
  if (!manifestBytes) throw new BackupError('The archive is damaged: it has no manifest.');
  const manifest = JSON.parse(manifestBytes.toString('utf8')) as Manifest;
  const parts: Part[] = [];
  for (const described of manifest.parts) {
    const data = entries.get(`${DATA}${described.name}`);
    if (!data) throw new BackupError(`The archive is damaged: ${described.name} is missing from it.`);
    if (data.length !== described.bytes || sha256(data) !== described.sha256)
      throw new BackupError(`The archive is damaged: ${described.name} does not match its checksum.`);
    parts.push({ name: described.name, data });
  }
  if (entries.size !== manifest.parts.length + 1)
    throw new BackupError('The archive is damaged: it holds parts its manifest does not list.');
  return { manifest, parts, encrypted: header.encrypted };
}
