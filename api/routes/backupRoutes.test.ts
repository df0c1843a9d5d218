import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { makeBackup } from '../backup/backups';
import { readConfig } from '../config';
import { useApiApp } from '../../tests/helpers/apiApp';
import { manualClock } from '../../tests/helpers/manualClock';
import { removeDir, tempDataDir } from '../../tests/helpers/server';

const DAY = 24 * 60 * 60 * 1000;
const backupDir = mkdtempSync(path.join(os.tmpdir(), 'backup-status-'));
const emptyStore = tempDataDir('backup-status-data-');
afterAll(() => [backupDir, emptyStore].forEach(removeDir));
const clock = manualClock();
const apiApp = useApiApp({ BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: '24', BACKUP_KEY: 'ab'.repeat(32) }, clock);

test('owners see the newest backup, with a warning once it is two days old; staff are refused', async () => {
  const { call, account, logIn } = await apiApp();
  await account('owner');
  await account('staff', 'staff');
  const owner = await logIn('owner');
  expect((await call('GET', '/admin/api/backups', { cookie: owner })).json).toEqual({
    last: null,
    stale: true,
    everyHours: 24,
    encrypted: true,
  });

  const { file } = await makeBackup({ dataDir: emptyStore }, readConfig({ BACKUP_DIR: backupDir }).backup, new Date(clock.now()));
  const fresh = await call('GET', '/admin/api/backups', { cookie: owner });
  expect(fresh.json).toMatchObject({ last: { at: new Date(clock.now()).toISOString(), file: path.basename(file) }, stale: false });

  await clock.advance(2 * DAY + 1);
  expect((await call('GET', '/admin/api/backups', { cookie: await logIn('owner') })).json).toMatchObject({ stale: true });
  expect(await call('GET', '/admin/api/backups', { cookie: await logIn('staff') })).toMatchObject({ status: 403 });
});
