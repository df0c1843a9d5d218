import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { totpCode } from '../../api/auth/totpCodes';
import { verifyBackup } from '../../api/backup/backups';
import { SecretsKey } from '../../api/secrets/secretsKey';
import { isEmptyDatabase } from '../../api/backup/pgBackup';
import { FileStore } from '../../api/store/file/FileStore';
import { PgStore } from '../../api/store/pg/PgStore';
import { createDatabase } from '../helpers/postgres';
import { adminClient } from '../helpers/adminClient';
import { removeDir, ROOT, startServer, tempDataDir, type RunningServer } from '../helpers/server';
import { postJson, storedEnquiries } from '../helpers/storedData';

const run = promisify(execFile);
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const KEY = randomBytes(32).toString('hex');
const OWNER = { username: 'owner', password: 'owner pass phrase' };
const dirs: string[] = [];
const newDir = (prefix: string) => {
  const dir = tempDataDir(prefix);
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach(removeDir));

/** One of the backup commands, as `npm run` runs it, with its exit code and what it printed. */
async function command(script: 'backup' | 'backupVerify' | 'restore', env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(TSX, [path.join(ROOT, `api/cli/${script}.ts`), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const phone = (index: number) => `98${String(22000000 + index).padStart(8, '0')}`;
const enquiry = (index: number) => ({ name: `Backup Person ${index}`, number: phone(index), enquiry: 'General Enquiry', consent: true });
const archivesIn = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.vfbackup'));
/** The secrets key a server made in its data folder on its first start. */
const secretsKeyOf = (dataDir: string) => readFileSync(path.join(dataDir, 'secrets.key'), 'utf8').trim();
/** Every file under a folder, with its bytes. */
const filesUnder = (dir: string): { name: string; data: Buffer }[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => ({ name: path.join(entry.parentPath, entry.name), data: readFileSync(path.join(entry.parentPath, entry.name)) }));

describe('npm run backup, backup:verify and restore on the file store', () => {
  let server: RunningServer;
  const backupDir = newDir('backups-');
  const env = () => ({ DATA_DIR: server.dataDir, BACKUP_DIR: backupDir, BACKUP_KEY: KEY });

  test('a backup taken while enquiries keep arriving restores every enquiry acknowledged before it, with the secrets key only, and the owner can sign in', async () => {
    server = await startServer({ env: { ENQUIRY_RATE_LIMIT: '0', ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password } });
    const post = (index: number) => postJson(new URL('/addcontactdata', server.url).href, enquiry(index));
    for (let index = 0; index < 40; index++) expect((await post(index)).status).toBe(200);
    // One of them has a history: a status change and a note.
    const desk = adminClient(() => server);
    const { cookie } = await desk.logIn(OWNER.username, OWNER.password);
    // The owner sets up an authenticator app: its secret must be in clear nowhere, on disk or in a backup.
    const secret = (await desk.post<{ secret: string }>('/admin/api/mfa/totp', {}, cookie)).json.secret;
    expect((await desk.post('/admin/api/mfa/totp/confirm', { code: await totpCode(secret, Date.now()) }, cookie)).status).toBe(200);
    expect(
      filesUnder(server.dataDir)
        .filter((file) => file.data.includes(secret))
        .map((file) => file.name),
    ).toEqual([]);
    expect(statSync(path.join(server.dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);
    const worked = storedEnquiries(server.dataDir, 'contact')[3]!._id;
    expect((await desk.patch(`/admin/api/enquiries/${worked}`, { status: 'contacted' }, cookie)).status).toBe(200);
    expect((await desk.post(`/admin/api/enquiries/${worked}/notes`, { text: 'Wants the CLCSS figures.' }, cookie)).status).toBe(201);
    const before = storedEnquiries(server.dataDir, 'contact');
    expect(before.find((record) => record._id === worked)!.history).toHaveLength(2);
    expect(before.every((record) => record.consent !== null)).toBe(true);

    let posting = true;
    let sent = 40;
    const stream = (async () => {
      while (posting) await post((sent += 1));
    })();
    const backup = await command('backup', env());
    posting = false;
    await stream;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(
      /^Wrote .*backup-.*\.vfbackup \(encrypted\): \d+ enquiries, 0 privacy requests, 1 accounts, \d+ audit entries, 0 edited content files\.\n$/,
    );
    const [archive] = archivesIn(backupDir);
    const bytes = readFileSync(path.join(backupDir, archive!));
    for (let index = 0; index <= sent; index++) expect(bytes.includes(phone(index)), phone(index)).toBe(false);

    const verified = await command('backupVerify', env(), path.join(backupDir, archive!));
    expect(verified).toMatchObject({ code: 0, output: expect.stringMatching(/is sound \(encrypted, made \d{4}-/) as string });
    const secrets = SecretsKey.fromHex(secretsKeyOf(server.dataDir), 'secrets.key');
    const { parts } = await verifyBackup(path.join(backupDir, archive!), Buffer.from(KEY, 'hex'), secrets);
    expect(parts.map((part) => part.name)).not.toContain('secrets.key');
    expect(parts.filter((part) => part.data.includes(secret) || part.data.includes(secretsKeyOf(server.dataDir)))).toEqual([]);

    // Without the secrets key the restore says what it needs, and writes nothing.
    const restored = newDir('restored-');
    const keyless = await command('restore', { ...env(), DATA_DIR: restored }, path.join(backupDir, archive!));
    expect(keyless.code).toBe(1);
    expect(keyless.output).toMatch(
      /^This archive's authenticator secrets are sealed with its server's secrets key, which backups never carry\./,
    );
    expect(readdirSync(restored)).toEqual([]);
    // With it put in place first, as docs/operations.md says.
    copyFileSync(path.join(server.dataDir, 'secrets.key'), path.join(restored, 'secrets.key'));
    const answer = await command('restore', { ...env(), DATA_DIR: restored }, path.join(backupDir, archive!));
    expect(answer.code, answer.output).toBe(0);
    expect(readFileSync(path.join(restored, 'secrets.key'), 'utf8').trim()).toBe(secretsKeyOf(server.dataDir));
    expect(answer.output).toMatch(/^Restored into .*: \d+ enquiries, 0 privacy requests, 1 accounts/);
    const back = new Map(storedEnquiries(restored, 'contact').map((record) => [record._id, record]));
    for (const record of before) expect(back.get(record._id)).toEqual(record);
    expect(back.size).toBeGreaterThanOrEqual(before.length);

    const second = await startServer({ dataDir: restored });
    try {
      const client = adminClient(() => second);
      expect((await client.logIn(OWNER.username, OWNER.password)).answer.json).toMatchObject({ mfaRequired: true });
      const code = await totpCode(secret, Date.now() + 30_000);
      expect((await client.post('/admin/login', { ...OWNER, code })).status).toBe(200);
    } finally {
      await second.stop();
    }
  }, 120_000);

  test('a changed byte, a cut-off archive and a wrong key are each refused with their own message, and the target stays empty', async () => {
    const [archive] = archivesIn(backupDir);
    const source = path.join(backupDir, archive!);
    const bytes = readFileSync(source);
    const flipped = path.join(newDir('faulty-'), 'flipped.vfbackup');
    const copy = Buffer.from(bytes);
    copy[bytes.length - 50]! ^= 0x01;
    writeFileSync(flipped, copy);
    const truncated = path.join(path.dirname(flipped), 'truncated.vfbackup');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const target = path.join(newDir('target-'), 'data');
    const cases: [string, Record<string, string>, RegExp][] = [
      [flipped, {}, /^The archive is damaged: its contents do not match their authentication tag/],
      [truncated, {}, /^The archive is truncated: it holds \d+ of its \d+ bytes/],
      [source, { BACKUP_KEY: randomBytes(32).toString('hex') }, /^The archive was made with a different BACKUP_KEY/],
    ];
    for (const [file, extra, message] of cases) {
      for (const script of ['restore', 'backupVerify'] as const) {
        const answer = await command(script, { ...env(), DATA_DIR: target, ...extra }, file);
        expect(answer.code).toBe(1);
        expect(answer.output).toMatch(message);
      }
      expect(existsSync(target)).toBe(false);
    }

    const busy = await command('restore', env(), source);
    expect(busy).toMatchObject({
      code: 1,
      output: expect.stringContaining('is not empty: restore into an empty DATA_DIR only. Nothing was changed.') as string,
    });
  }, 60_000);

  test('BACKUP_KEEP archives are kept, and a backup killed with -9 never leaves an archive that looks complete', async () => {
    // A backup still being written by a live process keeps its temporary file; one left by a dead process goes.
    const live = path.join(backupDir, `.backup-live.vfbackup.${process.pid}.1.tmp`);
    const dead = path.join(backupDir, '.backup-dead.vfbackup.2147483646.1.tmp');
    const old = path.join(backupDir, `.backup-old.vfbackup.${process.pid}.2.tmp`);
    for (const file of [live, dead, old]) writeFileSync(file, 'half');
    // A day-old one goes whatever process has its number now (a container's server is pid 1 after every restart).
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    for (let round = 0; round < 3; round++) expect((await command('backup', { ...env(), BACKUP_KEEP: '2' })).code).toBe(0);
    expect(archivesIn(backupDir)).toHaveLength(2);
    expect([existsSync(live), existsSync(dead), existsSync(old)]).toEqual([true, false, false]);
    rmSync(live);

    // Killed the moment its archive starts to be written, three times.
    for (let round = 0; round < 3; round++) {
      const child = spawn(TSX, [path.join(ROOT, 'api/cli/backup.ts')], { cwd: ROOT, env: { ...process.env, ...env(), BACKUP_KEEP: '10' } });
      const watcher = watch(backupDir, (_event, name) => {
        if (name?.startsWith('.backup-')) child.kill('SIGKILL');
      });
      const exit = await new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      watcher.close();
      // Mostly the kill lands mid-write; now and then the small archive is already whole, which is fine too.
      expect(['SIGKILL', null]).toContain(exit);
    }
    const secrets = SecretsKey.fromHex(secretsKeyOf(server.dataDir), 'secrets.key');
    for (const name of archivesIn(backupDir)) await verifyBackup(path.join(backupDir, name), Buffer.from(KEY, 'hex'), secrets);
    await server.stop();
  }, 60_000);

  test('without BACKUP_KEY, npm run backup writes nothing unless told --unencrypted', async () => {
    const dir = newDir('unencrypted-backups-');
    const refused = await command('backup', { DATA_DIR: server.dataDir, BACKUP_DIR: dir, BACKUP_KEY: '' });
    expect(refused.code).toBe(2);
    expect(refused.output).toMatch(/^BACKUP_KEY is not set, so the archive would not be encrypted.*`openssl rand -hex 32`.*--unencrypted/);
    expect(archivesIn(dir)).toEqual([]);
    const written = await command('backup', { DATA_DIR: server.dataDir, BACKUP_DIR: dir, BACKUP_KEY: '' }, '--unencrypted');
    expect(written.code, written.output).toBe(0);
    expect(written.output).toContain('(NOT encrypted, as --unencrypted asked: set BACKUP_KEY)');
  });
});

describe('backups the server makes by itself', () => {
  test('with BACKUP_EVERY_HOURS it backs up at start when no archive is recent, and a restart makes no extra one', async () => {
    const dataDir = newDir('scheduled-');
    const backupDir = newDir('scheduled-backups-');
    const env = { BACKUP_DIR: backupDir, BACKUP_KEY: KEY, BACKUP_EVERY_HOURS: '24' };
    const first = await startServer({ dataDir, env });
    await expect.poll(() => first.output.some((line) => line.includes('"msg":"backup written"'))).toBe(true);
    await first.stop();
    expect(archivesIn(backupDir)).toHaveLength(1);
    const secrets = SecretsKey.fromHex(secretsKeyOf(dataDir), 'secrets.key');
    await verifyBackup(path.join(backupDir, archivesIn(backupDir)[0]!), Buffer.from(KEY, 'hex'), secrets);

    const second = await startServer({ dataDir, env });
    await expect.poll(() => second.output.some((line) => line.includes('"msg":"next backup due"'))).toBe(true);
    await second.stop();
    expect(archivesIn(backupDir)).toHaveLength(1);
  }, 60_000);

  test('BACKUP_EVERY_HOURS without BACKUP_KEY refuses to start, saying how to make a key', async () => {
    const dataDir = newDir('scheduled-keyless-');
    await expect(startServer({ dataDir, env: { BACKUP_EVERY_HOURS: '24', BACKUP_KEY: '' } })).rejects.toThrow(
      /exited with code 1 before listening:\nBACKUP_EVERY_HOURS needs BACKUP_KEY: .*`openssl rand -hex 32`/,
    );
  });
});

/** Every enquiry in the database, each with its history and consent, as the store reads it. */
async function enquiriesIn(databaseUrl: string) {
  const store = await PgStore.open(databaseUrl, 2);
  try {
    const { items } = await store.enquiries.list({ limit: 500 });
    return new Map(await Promise.all(items.map(async (item) => [item._id, await store.enquiries.get(item._id)] as const)));
  } finally {
    await store.close();
  }
}

describe('npm run backup and restore on PostgreSQL, and from one store to the other', () => {
  const backupDir = newDir('pg-backups-');
  const owner = async (server: RunningServer) => (await adminClient(() => server).logIn(OWNER.username, OWNER.password)).answer.status;

  test('pg_dump taken while enquiries keep arriving restores into an empty database with every enquiry acknowledged before it', async () => {
    const databaseUrl = await createDatabase(inject('postgresUrl'));
    const server = await startServer({
      env: { DATABASE_URL: databaseUrl, ENQUIRY_RATE_LIMIT: '0', ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password },
    });
    try {
      const post = (index: number) => postJson(new URL('/addcontactdata', server.url).href, enquiry(index));
      for (let index = 0; index < 30; index++) expect((await post(index)).status).toBe(200);
      const before = await enquiriesIn(databaseUrl);
      let posting = true;
      let sent = 30;
      const stream = (async () => {
        while (posting) await post((sent += 1));
      })();
      const env = { DATABASE_URL: databaseUrl, BACKUP_DIR: backupDir, BACKUP_KEY: KEY, SECRETS_KEY: secretsKeyOf(server.dataDir) };
      const backup = await command('backup', env);
      posting = false;
      await stream;
      expect(backup.code, backup.output).toBe(0);
      const archive = path.join(backupDir, archivesIn(backupDir)[0]!);
      const bytes = readFileSync(archive);
      for (let index = 0; index <= sent; index++) expect(bytes.includes(phone(index))).toBe(false);
      expect((await command('backupVerify', env, archive)).code).toBe(0);

      const restored = await createDatabase(inject('postgresUrl'));
      const answer = await command('restore', { ...env, DATABASE_URL: restored }, archive);
      expect(answer.code, answer.output).toBe(0);
      expect(answer.output).toMatch(/^Restored into the database at DATABASE_URL: \d+ enquiries, 0 privacy requests, 1 accounts/);
      const back = await enquiriesIn(restored);
      for (const [id, record] of before) expect(back.get(id)).toEqual(record);

      // Restored again over it: refused, and nothing changes.
      const again = await command('restore', { ...env, DATABASE_URL: restored }, archive);
      expect(again).toMatchObject({
        code: 1,
        output: expect.stringContaining('already has tables: restore into an empty database only') as string,
      });
      // A PostgreSQL archive into the file store: refused with what to do instead.
      const target = path.join(newDir('pg-into-files-'), 'data');
      const refused = await command('restore', { ...env, DATABASE_URL: '', DATA_DIR: target }, archive);
      expect(refused).toMatchObject({ code: 1, output: expect.stringContaining('This archive holds a PostgreSQL database') as string });
      expect(existsSync(target)).toBe(false);
      // By way of an empty database, it goes into the file store too, and the database is emptied again.
      const via = await createDatabase(inject('postgresUrl'));
      const intoFiles = await command('restore', { ...env, DATABASE_URL: '', DATA_DIR: target, RESTORE_VIA_DATABASE_URL: via }, archive);
      expect(intoFiles.code, intoFiles.output).toBe(0);
      const files = new Map(storedEnquiries(target, 'contact').map((record) => [record._id, record]));
      for (const [id, record] of before) {
        const { duplicates: _, ...kept } = record!;
        expect(files.get(id)).toEqual(kept);
      }
      expect(await isEmptyDatabase(via)).toBe(true);

      // A server on the restored database needs the key its secrets were sealed with.
      await expect(startServer({ env: { DATABASE_URL: restored } })).rejects.toThrow(/sealed with a secrets key that is not here/);
      const second = await startServer({ env: { DATABASE_URL: restored, SECRETS_KEY: env.SECRETS_KEY } });
      try {
        expect(await owner(second)).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      await server.stop();
    }
  }, 120_000);

  test('a file-store backup restores into an empty PostgreSQL database through the store interface', async () => {
    const dataDir = newDir('file-to-pg-');
    const server = await startServer({ dataDir, env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password } });
    for (let index = 0; index < 12; index++) await postJson(new URL('/addcontactdata', server.url).href, enquiry(index));
    await server.stop();
    // An editor's work too: a publish and a draft after it, which must arrive with their revision numbers.
    const files = await FileStore.open(dataDir);
    const by = { id: 'editor-1', username: 'lekha' };
    const clcss = readFileSync(path.join(ROOT, 'pages-data/clcss.yaml'), 'utf8');
    const published = await files.pages.commit(by, () =>
      Promise.resolve({
        change: {
          files: [{ path: 'clcss.yaml', text: `${clcss}# one\n`, basedOn: '0', deployedHash: null, keepDraft: false }],
          note: 'First',
        },
      }),
    );
    expect('commit' in published).toBe(true);
    await files.pages.saveDrafts({ files: [{ path: 'clcss.yaml', text: `${clcss}# two\n`, basedOn: '1' }] }, by);
    const pagesBefore = { states: await files.pages.pageStates(), revisions: await files.pages.pageRevisions('clcss.yaml') };
    await files.close();
    const before = new Map(storedEnquiries(dataDir, 'contact').map((record) => [record._id, record]));
    const env = { DATA_DIR: dataDir, BACKUP_DIR: newDir('file-to-pg-backups-'), BACKUP_KEY: KEY };
    expect((await command('backup', env)).code).toBe(0);
    const archive = path.join(env.BACKUP_DIR, archivesIn(env.BACKUP_DIR)[0]!);

    const databaseUrl = await createDatabase(inject('postgresUrl'));
    const answer = await command('restore', { ...env, DATABASE_URL: databaseUrl }, archive);
    expect(answer.code, answer.output).toBe(0);
    expect(answer.output).toContain('12 enquiries, 0 privacy requests, 1 accounts');
    expect(answer.output).toContain('1 edited content files');
    const database = await PgStore.open(databaseUrl, 2);
    try {
      expect({ states: await database.pages.pageStates(), revisions: await database.pages.pageRevisions('clcss.yaml') }).toEqual(
        pagesBefore,
      );
      // The next revision number follows the imported ones.
      const next = await database.pages.saveDrafts({ files: [{ path: 'clcss.yaml', text: `${clcss}# three\n`, basedOn: '2' }] }, by);
      expect(next).toMatchObject({ drafts: [{ revision: '3' }] });
    } finally {
      await database.close();
    }
    const back = await enquiriesIn(databaseUrl);
    expect([...back.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [id, record] of before)
      expect(back.get(id)).toMatchObject({ fields: record.fields, consent: record.consent, status: record.status });

    const moved = await startServer({ env: { DATABASE_URL: databaseUrl, SECRETS_KEY: secretsKeyOf(dataDir) } });
    try {
      expect(await owner(moved)).toBe(200);
    } finally {
      await moved.stop();
    }
  }, 120_000);
});
