import type { Page } from 'playwright';
import { beforeAll, expect } from 'vitest';
import { totpCode } from '../../api/auth/totpCodes';
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

/**
 * On Sign-in security's first screen: sets up an authenticator app with the code it shows, and
 * answers its secret and the ten recovery codes shown once (still on screen).
 */
export async function setUpAuthenticatorApp(page: Page): Promise<{ secret: string; codes: string[] }> {
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.locator('.security-key').textContent())!;
  await page.getByLabel('Code from the app').fill(await totpCode(secret, Date.now()));
  await page.getByRole('button', { name: 'Confirm the app' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect.poll(() => codes.count()).toBe(10);
  return { secret, codes: await codes.allTextContents() };
}

/** Gives the page Chromium's virtual authenticator (a platform one whose fingerprint always matches) and adds a passkey on Sign-in security. */
export async function addPasskey(page: Page, name: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await page.getByRole('link', { name: 'Sign-in security' }).click();
  await page.getByLabel('Name for a new passkey').fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect
    .poll(() =>
      page
        .getByRole('listitem')
        .filter({ hasText: `${name}, added` })
        .count(),
    )
    .toBe(1);
}
