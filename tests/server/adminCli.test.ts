import { describe, expect, test } from 'vitest';
import { newTotpSecret } from '../../api/auth/totpCodes';
import { FileStore } from '../../api/store/file/FileStore';
import { adminClient } from '../helpers/adminClient';
import { runAdminPassword } from '../helpers/cli';
import { removeDir, startServer } from '../helpers/server';

describe('npm run admin:password', () => {
  test('on the file store: sets a new password, ends that account’s sessions, and refuses while the server runs', async () => {
    const own = await startServer({ env: { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'forgotten-one' } });
    const client = adminClient(() => own);
    const { cookie } = await client.logIn('owner', 'forgotten-one');
    expect((await runAdminPassword({ DATA_DIR: own.dataDir }, 'a-new-secret\na-new-secret\n')).output).toMatch(
      /Another server process .* is already using/,
    );
    await own.stop();

    expect((await runAdminPassword({ DATA_DIR: own.dataDir }, 'short\nshort\n')).output).toContain('at least 8 characters');
    expect((await runAdminPassword({ DATA_DIR: own.dataDir }, 'qwerty123\nqwerty123\n')).output).toContain('one of the most common');
    expect((await runAdminPassword({ DATA_DIR: own.dataDir }, 'a-new-secret\nanother-one\n')).output).toContain('do not match');
    expect((await runAdminPassword({ DATA_DIR: own.dataDir }, 'a-new-secret\na-new-secret\n', ['--username', 'nobody'])).output).toContain(
      'No account is named "nobody"',
    );
    const changed = await runAdminPassword({ DATA_DIR: own.dataDir }, 'a-new-secret\na-new-secret\n');
    expect(changed.code).toBe(0);
    expect(changed.output).not.toContain('a-new-secret');

    const restarted = await startServer({ dataDir: own.dataDir });
    const again = adminClient(() => restarted);
    expect((await again.get('/admin/session', cookie)).status).toBe(401);
    expect((await again.logIn('owner', 'forgotten-one')).answer.status).toBe(401);
    expect((await again.logIn('owner', 'a-new-secret')).answer.status).toBe(200);
    await restarted.stop();

    // A lost phone: the owner's authenticator app goes with the flag, so the next sign-in needs the password only.
    const store = await FileStore.open(own.dataDir);
    const owner = (await store.accounts.find('owner'))!;
    await store.accounts.update(owner.id, { mfa: { totpSecret: newTotpSecret(), recoveryCodes: ['x'] } });
    await store.close();
    const removed = await runAdminPassword({ DATA_DIR: own.dataDir }, 'lost-my-phone\nlost-my-phone\n', ['--remove-second-factor']);
    expect(removed.output).toContain('The password of "owner" has been changed and its second factors removed');
    const reopened = await FileStore.open(own.dataDir);
    expect((await reopened.accounts.find('owner'))!.mfa).toBeUndefined();
    expect((await reopened.audit.list({ limit: 1 })).items[0]).toMatchObject({ action: 'second-factor-reset', accountId: owner.id });
    await reopened.close();
    removeDir(own.dataDir);
  }, 120_000);
});
