import { beforeAll } from 'vitest';
import { freePort } from './freePort';
import { useSite } from './site';

/** The owner of a site that requires a second factor. */
export const MFA_OWNER = { username: 'owner', password: 'second factor phrase' };

/**
 * For a browser test file: a site with ADMIN_MFA=required. A passkey belongs to a host name
 * (never an IP address), so the server is reached as localhost on a port chosen first.
 */
export function useMfaSite() {
  const env: Record<string, string> = { ADMIN_MFA: 'required', ADMIN_USERNAME: MFA_OWNER.username, ADMIN_PASSWORD: MFA_OWNER.password };
  let origin = '';
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    Object.assign(env, { PORT: String(port), SITE_URL: origin });
  });
  const site = useSite({ env });
  /** Opens the login page in a new browser page. */
  return { openLogin: () => site.open(`${origin}/adminLogin`) };
}
