import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright';
import { expectNoAxeViolations } from '../helpers/axe';
import { logInOnPage, tooWide, VIEWPORTS } from '../helpers/deskPage';
import { useSite } from '../helpers/site';
import { postJson } from '../helpers/storedData';
import { adminClient } from '../helpers/adminClient';
import type { DeskEnquiry } from '../../src/shared/deskEnquiry';
import type { ListPage } from '../../src/shared/listPage';
import type { PipelineReport } from '../../src/shared/pipeline';

const OWNER = { username: 'owner', password: 'board owner 5521' };
const site = useSite({ env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password } });

const column = (page: Page, label: string) => page.getByRole('region', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
const cardNames = (page: Page, label: string) => column(page, label).getByRole('heading', { level: 4 }).allTextContents();
/** The column the focused element is in, by its heading, and the element's accessible text. */
const focused = (page: Page) =>
  page.evaluate(() => ({
    column: document.activeElement?.closest('section')?.querySelector('h3')?.textContent ?? null,
    text: document.activeElement?.textContent ?? null,
  }));

describe('the board', () => {
  test('an owner moves enquiries from stage to stage by keyboard alone, the focus following each card; axe finds nothing at 1280 and 360 px', async () => {
    for (const name of ['Sunil Jadhav', 'Pooja Shinde', 'Rahul Pawar', 'Anita Kale'])
      expect((await postJson(`${site.url}/addcontactdata`, { name, number: '9011223355', enquiry: 'other', consent: true })).status).toBe(
        200,
      );

    for (const viewport of VIEWPORTS) {
      const { page, problems } = await site.open('/adminLogin', { viewport });
      await logInOnPage(page, OWNER);
      await page.getByRole('link', { name: 'Board', exact: true }).click();
      await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Board' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
      const columns = await page.locator('.desk-board__column h3').allTextContents();
      expect(columns.map((text) => text.replace(/ \(\d+\)$/, ''))).toEqual([
        'New',
        'Contacted',
        'Documents pending',
        'Submitted to lender',
        'Sanctioned',
      ]);

      if (viewport === VIEWPORTS[0]) {
        expect(await cardNames(page, 'New')).toEqual(['Anita Kale', 'Rahul Pawar', 'Pooja Shinde', 'Sunil Jadhav']);
        const sunil = column(page, 'New').getByRole('listitem').filter({ hasText: 'Sunil Jadhav' }).first();
        expect(await sunil.textContent()).toMatch(/No application yet.*Advisor: nobody yet.*In this stage since today/);

        // Move to… opens on Enter with the focus on its first choice; the arrow keys choose; Enter moves.
        await page.getByRole('button', { name: 'Move to… (Sunil Jadhav)' }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => focused(page)).toEqual({ column: 'New (4)', text: 'Contacted' });
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByText('Sunil Jadhav moved to Documents pending.').isVisible()).toBe(true);
        await expect.poll(() => focused(page)).toEqual({ column: 'Documents pending (1)', text: 'Move to… (Sunil Jadhav)' });
        expect(await cardNames(page, 'Documents pending')).toEqual(['Sunil Jadhav']);
        expect(await cardNames(page, 'New')).toEqual(['Anita Kale', 'Rahul Pawar', 'Pooja Shinde']);

        // Escape closes the menu and gives the focus back; nothing moves.
        await page.keyboard.press('Enter');
        await page.keyboard.press('Escape');
        await expect.poll(() => focused(page)).toEqual({ column: 'Documents pending (1)', text: 'Move to… (Sunil Jadhav)' });
        expect(await page.getByRole('menu').filter({ visible: true }).count()).toBe(0);

        // Closing asks for its reason in the same menu; the card leaves the board and the focus stays on its column.
        await page.getByRole('button', { name: 'Move to… (Pooja Shinde)' }).focus();
        await page.keyboard.press('Enter');
        await page.keyboard.press('End');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('ArrowUp');
        await expect.poll(() => focused(page)).toEqual({ column: 'New (3)', text: 'Closed: Not eligible' });
        await page.keyboard.press('Enter');
        await expect
          .poll(() => page.getByText('Pooja Shinde moved to Closed: Not eligible; it has left the board.').isVisible())
          .toBe(true);
        await expect.poll(() => focused(page)).toEqual({ column: 'New (2)', text: 'New (2)' });

        // Dragging does the same for a mouse.
        await column(page, 'New').getByRole('listitem').filter({ hasText: 'Rahul Pawar' }).first().dragTo(column(page, 'Contacted'));
        await expect.poll(() => cardNames(page, 'Contacted')).toEqual(['Rahul Pawar']);
      } else {
        // On a phone the stages follow one another, and the moves made at the desk are there.
        expect(await cardNames(page, 'New')).toEqual(['Anita Kale']);
        expect(await cardNames(page, 'Contacted')).toEqual(['Rahul Pawar']);
        expect(await cardNames(page, 'Documents pending')).toEqual(['Sunil Jadhav']);
        const [first, second] = await Promise.all([column(page, 'New').boundingBox(), column(page, 'Contacted').boundingBox()]);
        expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
        expect(await tooWide(page)).toEqual([]);
        await page.getByRole('button', { name: 'Move to… (Anita Kale)' }).focus();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Enter');
        await expect.poll(() => focused(page)).toEqual({ column: 'Contacted (2)', text: 'Move to… (Anita Kale)' });
        await page.getByRole('button', { name: 'Move to… (Rahul Pawar)' }).click();
      }
      await expectNoAxeViolations(page, `the board at ${viewport.width} px`);

      // Mine: the owner has none assigned.
      await page.getByRole('link', { name: 'Mine', exact: true }).last().click();
      await expect.poll(() => page.getByRole('heading', { level: 2, name: 'My board' }).isVisible()).toBe(true);
      await expect.poll(() => page.locator('.desk-board__column h3').allTextContents()).toContain('New (0)');
      await expectNoAxeViolations(page, `my board at ${viewport.width} px`);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  test('the owner reads what became of the period’s enquiries on the dashboard, and can download it; axe finds nothing at 1280 and 360 px', async () => {
    // One more enquiry, closed as not eligible, whatever the test before left.
    const admin = adminClient(() => site.server);
    const { cookie } = await admin.logIn(OWNER.username, OWNER.password);
    expect(
      (await postJson(`${site.url}/addcontactdata`, { name: 'Meena Rao', number: '9011223366', enquiry: 'other', consent: true })).status,
    ).toBe(200);
    const [newest] = (await admin.get<ListPage<DeskEnquiry>>('/admin/api/enquiries?limit=1', cookie)).json.items;
    expect(
      (await admin.patch(`/admin/api/enquiries/${newest!._id}`, { status: 'closed', closedReason: 'not-eligible' }, cookie)).status,
    ).toBe(200);
    const { total } = (await admin.get<PipelineReport>('/admin/api/stats/pipeline', cookie)).json;
    const notEligible = total.losses.find((loss) => loss.reason === 'Not eligible')!.count;

    for (const viewport of VIEWPORTS) {
      const { page, problems } = await site.open('/adminLogin', { viewport });
      await logInOnPage(page, OWNER);
      await page.getByRole('link', { name: 'Dashboard' }).click();
      const report = page.getByRole('region', { name: 'Pipeline: what became of the enquiries' });
      const figure = (text: string) => report.getByRole('listitem').filter({ hasText: text }).textContent();
      await expect.poll(() => figure('enquiries received')).toBe(`${total.enquiries} enquiries received`);
      expect(await figure('answered within the target')).toMatch(/^(—|\d+% \(\d+ of \d+\)) answered within the target$/);
      const losses = report.getByRole('region', { name: 'Enquiries closed, by reason' });
      expect(await losses.getByRole('row').filter({ hasText: 'Not eligible' }).textContent()).toBe(`Not eligible${notEligible}`);
      const advisors = report.getByRole('region', { name: 'Per advisor' });
      expect(await advisors.getByRole('row').nth(1).getByRole('rowheader').textContent()).toBe('Nobody');
      const download = report.getByRole('link', { name: 'Download CSV' });
      expect(await download.getAttribute('href')).toMatch(
        /^\/admin\/api\/stats\/pipeline\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
      );

      // A period that ends before it starts is refused, with the reason beside the field.
      await report.getByLabel('Received from').fill('2026-11-20');
      await report.getByLabel('to', { exact: true }).fill('2026-11-01');
      await report.getByRole('button', { name: 'Show' }).click();
      await expect.poll(() => report.getByText('to must be the same day as from or later').isVisible()).toBe(true);
      expect(await report.getByLabel('to', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await expectNoAxeViolations(page, `the pipeline report at ${viewport.width} px`);
      if (viewport.width === 360) expect(await tooWide(page)).toEqual([]);
      // The refused period is the one problem: its 400, as the browser reports it.
      expect(problems.filter((problem) => !/400/.test(problem))).toEqual([]);
      expect(problems.some((problem) => problem.includes('/admin/api/stats/pipeline?from=2026-11-20&to=2026-11-01'))).toBe(true);
      await page.close();
    }
  });
});
