import { beforeAll, describe, expect, test } from 'vitest';
import { adminClient } from '../helpers/adminClient';
import { expectNoAxeViolations } from '../helpers/axe';
import { tooWide, VIEWPORTS } from '../helpers/deskPage';
import { OWNER } from '../helpers/deskServer';
import { unique, useSite } from '../helpers/site';

// Accounts of this file's own on the worker's shared desk site.
const ACCOUNTS = {
  staff: { username: unique('ravi'), password: 'ravi own phrase' },
  editor: { username: unique('lekha'), password: 'lekha own phrase' },
};
const site = useSite('desk');
const admin = adminClient(() => site.server);

const DESK = ['', '?view=due', '?view=dashboard', '?view=privacy', '?view=security'].map((query) => `/table${query}`);
const OWNERS_DESK = ['?view=person', '?view=accounts', '?view=audit'].map((query) => `/table${query}`);
const PAGES = [
  '/admin/pages',
  '/admin/pages/clcss.yaml',
  '/admin/pages/mr/clcss.yaml',
  '/admin/pages/_site.yaml',
  '/admin/pages/_desk.yaml',
];
const SCREENS = {
  owner: [...DESK, ...OWNERS_DESK, ...PAGES, '/admin/review'],
  staff: DESK,
  editor: ['/table?view=security', ...PAGES],
};

describe('every admin screen at 360 px, for each role', () => {
  beforeAll(async () => {
    const owner = (await admin.logIn(OWNER.username, OWNER.password)).cookie;
    for (const [role, account] of Object.entries(ACCOUNTS)) {
      expect(
        (await admin.post('/admin/api/accounts', { username: account.username, password: `${account.username} first phrase`, role }, owner))
          .status,
      ).toBe(201);
      await admin.firstSignIn(account.username, `${account.username} first phrase`, account.password);
    }
  });

  test.each(Object.entries(SCREENS))(
    '%s: nothing is wider than the screen, and Sign-in security and Log out are on every screen',
    async (role, screens) => {
      const account = role === 'owner' ? OWNER : ACCOUNTS[role as keyof typeof ACCOUNTS];
      const { page, problems } = await site.open('/adminLogin', { viewport: VIEWPORTS[1]! });
      await page.getByLabel('Username').fill(account.username);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/(table|admin\/pages)$/);
      for (const screen of screens) {
        await page.goto(new URL(screen, site.url).href);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expect.poll(() => page.getByText(/^Loading/).count(), { timeout: 20_000 }).toBe(0);
        await expect.poll(() => tooWide(page), { timeout: 10_000, message: `${screen} as ${role}` }).toEqual([]);
        expect(await page.getByRole('button', { name: 'LOG OUT' }).count(), screen).toBe(1);
        expect(await page.getByRole('link', { name: 'Sign-in security' }).count(), screen).toBeGreaterThan(0);
        // The screens this issue changed, checked with axe at both widths.
        if (screen.startsWith('/admin/') || screen.endsWith('accounts')) {
          for (const viewport of VIEWPORTS) {
            await page.setViewportSize(viewport);
            await expectNoAxeViolations(page, `${screen} as ${role} at ${viewport.width}px`);
          }
          await page.setViewportSize(VIEWPORTS[1]!);
        }
      }
      expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    },
    240_000,
  );
});
