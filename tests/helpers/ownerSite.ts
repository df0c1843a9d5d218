import { afterAll } from 'vitest';
import { adminClient } from './adminClient';
import { removeDir, startServer, type RunningServer } from './server';

/** The owner every site of `useOwnerSites` starts with (the first admin, signing in with a password alone). */
const SITE_OWNER = { username: 'owner', password: 'owner pass phrase' };

/** A visitor's enquiry that passes every check. */
export const PLAIN_ENQUIRY = { name: 'Security', number: '9876543210', enquiry: 'other', consent: true };

/**
 * For a test file that starts a server per test: `site(env, dataDir)` starts one with its owner,
 * behind a trusted loopback proxy, and every one is stopped and its data removed when the file ends.
 */
export function useOwnerSites() {
  const running: RunningServer[] = [];
  afterAll(async () => {
    for (const server of running) {
      await server.stop();
      removeDir(server.dataDir);
    }
  });
  return async function site(env: Record<string, string> = {}, dataDir?: string) {
    const server = await startServer({
      env: { ADMIN_USERNAME: SITE_OWNER.username, ADMIN_PASSWORD: SITE_OWNER.password, TRUST_PROXY: '127.0.0.1', ...env },
      ...(dataDir && { dataDir }),
    });
    running.push(server);
    return { server, admin: adminClient(() => server) };
  };
}
