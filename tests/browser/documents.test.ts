import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { makeBackup } from '../../api/backup/backups';
import { readArchive } from '../../api/backup/archive';
import { expectNoAxeViolations } from '../helpers/axe';
import { logInOnPage } from '../helpers/deskPage';
import { startMailbox } from '../helpers/receivers';
import { removeDir, tempDataDir } from '../helpers/server';
import { useSite } from '../helpers/site';

/** The owner, who names themselves for enquirers under Staff accounts (the status page never shows a username). */
const OWNER = { username: 'meera.joshi', password: 'documents owner 5521' };
/** The enquirer's mailbox: a real SMTP server the site sends the link through. */
const mailbox = await startMailbox();
afterAll(() => mailbox.stop());
const site = useSite({
  env: {
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    SMTP_URL: mailbox.url,
    NOTIFY_EMAIL_FROM: 'website@firm.in',
    NOTIFY_POLL_SECONDS: '1',
  },
});
const PHONE = { width: 360, height: 740 };
const MARKER = 'MARKER-PAN-ABCPK1234Q-SUNITA';
const PDF = Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${MARKER}) >> endobj\ntrailer << >>\n%%EOF\n`);

/** A photo as a phone takes it: camera and location in its Exif, held upright by its orientation. */
const photo = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 180, g: 140, b: 90 } } })
    .withExif({ IFD0: { Make: 'PhoneMakerX', Model: 'ModelY9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 52/1 4/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();

/** Every byte under a folder, file by file. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name)));

/** An enquiry through the Contact Us form, on a phone; its reference, as the thank-you message gives it. */
async function enquire(name: string, mobile: string, email?: string): Promise<string> {
  const visitor = await site.open('/contactus', { viewport: PHONE });
  await visitor.page.getByLabel('Full name').fill(name);
  await visitor.page.getByLabel('Mobile number').fill(mobile);
  if (email) await visitor.page.getByLabel('Email address (optional)').fill(email);
  await visitor.page.getByLabel('What is your enquiry about?').selectOption({ index: 1 });
  await visitor.page.getByRole('checkbox', { name: /^I agree/ }).check();
  await visitor.page.getByRole('button', { name: 'Send enquiry' }).click();
  const reference = (await visitor.page.locator('.enquiry-form__reference').textContent())!;
  await visitor.page.close();
  return reference;
}

describe('documents through a private link', () => {
  test('at 360 px: the advisor asks and sends the link by e-mail, the enquirer sends a PDF and a phone photo through the link, and the advisor downloads both', async () => {
    await enquire('Sunita Patil', '9822055667', 'sunita@example.in');

    // The advisor asks for two documents and copies the link.
    const advisor = await site.open('/adminLogin', { viewport: PHONE });
    await logInOnPage(advisor.page, OWNER);
    await advisor.page.getByRole('link', { name: 'Sunita Patil' }).first().click();
    const enquiry = advisor.page.getByRole('article');
    await enquiry.getByLabel('Checklist').selectOption({ label: 'Home loan' });
    await enquiry.getByRole('checkbox', { name: 'PAN card' }).check();
    await enquiry.getByLabel('Other documents, one on each line').fill('Photo of the shop front');
    await enquiry.getByRole('button', { name: 'Make the link' }).click();
    const linkField = enquiry.getByLabel(/^The link, shown only now/);
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/documents\/[\w-]{43}$/);
    await expectNoAxeViolations(advisor.page, 'the Documents section with a new link, 360 px');

    // The advisor sends it to the enquirer's e-mail address too: the same link arrives.
    const requests = enquiry.locator('.desk-documents__requests');
    await requests.getByRole('button', { name: 'Send by e-mail' }).click();
    await expect
      .poll(() => enquiry.getByRole('status').filter({ hasText: 'e-mail' }).textContent())
      .toBe("The link is on its way to the enquirer's e-mail address.");
    await expect.poll(() => mailbox.messages.length, { timeout: 20_000 }).toBe(1);
    expect(mailbox.messages[0]!.parsed.to).toMatchObject({ text: 'sunita@example.in' });
    expect(mailbox.messages[0]!.parsed.text).toContain(link);
    await expect
      .poll(async () => {
        await advisor.page.reload();
        return advisor.page.getByRole('article').locator('.desk-documents__requests').textContent();
      })
      .toContain('E-mailed to the enquirer.');

    // The enquirer opens it on a phone and sends each file.
    const { page, problems } = await site.open(new URL(link).pathname, { viewport: PHONE });
    await expectNoAxeViolations(page, 'the upload page, 360 px');
    const items = page.getByRole('list', { name: 'Documents asked for' }).getByRole('listitem');
    expect(await items.count()).toBe(2);
    await page
      .getByLabel('PAN card: choose a file or take a photo')
      .setInputFiles({ name: 'pan.pdf', mimeType: 'application/pdf', buffer: PDF });
    await items.nth(0).getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => items.nth(0).getByRole('status').textContent()).toBe('Thank you. We have received your file for PAN card.');
    expect(await items.nth(0).textContent()).toContain('Files received: 1');
    // The field is empty once the file is in: pressing Send again asks for a file rather than sending the same one twice.
    const panField = page.getByLabel('PAN card: choose a file or take a photo');
    expect(await panField.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    expect((await panField.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await items.nth(0).getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => items.nth(0).getByRole('alert').textContent()).toBe('Choose one file first, then press Send.');
    expect(await items.nth(0).textContent()).toContain('Files received: 1');
    const original = await photo();
    await page
      .getByLabel('Photo of the shop front: choose a file or take a photo')
      .setInputFiles({ name: 'IMG_20261126.jpg', mimeType: 'image/jpeg', buffer: original });
    await items.nth(1).getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => items.nth(1).getByRole('status').textContent())
      .toBe('Thank you. We have received your file for Photo of the shop front.');
    // A web page named .pdf is refused with its message.
    await page.getByLabel('PAN card: choose a file or take a photo').setInputFiles({
      name: 'statement.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<!DOCTYPE html><html><body>not a statement</body></html>'),
    });
    await items.nth(0).getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => items.nth(0).getByRole('alert').textContent()).toMatch(/^statement\.pdf is a web page or a drawing/);
    await expectNoAxeViolations(page, 'the upload page after sending, 360 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page, 'the upload page after sending, 1280 px');
    // The refusal's 415 is the one error answer the page met.
    expect(problems.filter((problem) => !/^HTTP 415: /.test(problem) && !/status of 415/.test(problem))).toEqual([]);

    // The advisor sees both arrive and downloads them.
    await advisor.page.reload();
    await advisor.page.getByText(/^Logged in as /).waitFor();
    const received = advisor.page.getByRole('article').locator('.desk-documents__received');
    await expect.poll(() => received.getByRole('listitem').count()).toBe(2);
    const download = async (name: string) => {
      const [file] = await Promise.all([advisor.page.waitForEvent('download'), received.getByRole('link', { name }).click()]);
      return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
    };
    const pdf = await download('pan.pdf');
    expect(pdf).toEqual({ name: 'pan.pdf', bytes: PDF });
    const picture = await download('IMG_20261126.jpg');
    expect(picture.name).toBe('IMG_20261126.jpg');
    // The same picture, pixel for pixel and upright, without the camera or the place.
    const pixels = (bytes: Buffer) => sharp(bytes).rotate().raw().toBuffer();
    expect(await pixels(picture.bytes)).toEqual(await pixels(original));
    expect((await sharp(picture.bytes).metadata()).orientation).toBe(6);
    for (const trace of ['PhoneMakerX', 'ModelY9']) expect(picture.bytes.includes(trace)).toBe(false);
    await expectNoAxeViolations(advisor.page, 'the Documents section with two documents, 360 px');

    // No file under DATA_DIR, nor a backup of it (even one in clear), holds the PDF's words.
    for (const bytes of filesUnder(site.server.dataDir)) expect(bytes.includes(MARKER)).toBe(false);
    const backups = tempDataDir('documents-backup-');
    try {
      const { file } = await makeBackup(
        { dataDir: site.server.dataDir },
        { dir: backups, key: undefined, keep: 1, everyMs: undefined, restoreVia: undefined },
        new Date(),
      );
      const { parts } = await readArchive(readFileSync(file));
      expect(parts.filter((part) => part.name.startsWith('document-files/'))).toHaveLength(2);
      for (const part of parts) expect(part.data.includes(MARKER), part.name).toBe(false);
    } finally {
      removeDir(backups);
    }
  });

  test('without JavaScript, the plain form sends a file and the page says so', async () => {
    await enquire('Ravi Jadhav', '9822077889');
    const advisor = await site.open('/adminLogin', { viewport: PHONE });
    await logInOnPage(advisor.page, OWNER);
    await advisor.page.getByRole('link', { name: 'Ravi Jadhav' }).first().click();
    const enquiry = advisor.page.getByRole('article');
    await enquiry.getByLabel('Other documents, one on each line').fill('Aadhaar card');
    await enquiry.getByRole('button', { name: 'Make the link' }).click();
    const link = await enquiry.getByLabel(/^The link, shown only now/).inputValue();
    // Without an e-mail address the link cannot go by e-mail, and the desk says why.
    const send = enquiry.getByRole('button', { name: 'Send by e-mail' });
    expect(await send.isDisabled()).toBe(true);
    expect(await send.getAttribute('aria-describedby').then((id) => advisor.page.locator(`[id="${id}"]`).textContent())).toBe(
      'This enquiry has no e-mail address: copy the link into WhatsApp instead.',
    );

    const { page } = await site.open(new URL(link).pathname, { viewport: PHONE, javaScriptEnabled: false });
    await page
      .getByLabel('Aadhaar card: choose a file or take a photo')
      .setInputFiles({ name: 'aadhaar.pdf', mimeType: 'application/pdf', buffer: PDF });
    // The form posts to the link's own address; the server answers with a redirect back to the page, which says what arrived.
    await page.getByRole('button', { name: 'Send' }).click({ noWaitAfter: true });
    await page.getByText('Files received: 1').waitFor();
    expect(new URL(page.url()).search).toBe('?sent=0');
    expect(await page.getByRole('status').textContent()).toBe('Thank you. We have received your file for Aadhaar card.');
  }, 120_000);

  test("the status page gives the enquirer the advisor's name and the documents asked for, with which have arrived", async () => {
    const reference = await enquire('Anil Pawar', '9822099001');

    // The advisor names themselves for enquirers (never the username), takes the enquiry and asks for two documents.
    const advisor = await site.open('/adminLogin', { viewport: PHONE });
    await logInOnPage(advisor.page, OWNER);
    await advisor.page.getByRole('link', { name: 'Staff accounts' }).click();
    await advisor.page.getByLabel(`In English (${OWNER.username})`).fill('Meera Joshi');
    await advisor.page.getByRole('button', { name: `Save the names of ${OWNER.username}` }).click();
    await expect.poll(() => advisor.page.getByText(`Enquirers read ${OWNER.username} as Meera Joshi (English).`).isVisible()).toBe(true);
    await advisor.page.getByRole('link', { name: 'Enquiries', exact: true }).click();
    await advisor.page.getByRole('link', { name: 'Anil Pawar' }).first().click();
    const enquiry = advisor.page.getByRole('article');
    await enquiry.getByLabel('Assigned to').selectOption({ label: `${OWNER.username} (you)` });
    await enquiry.getByRole('button', { name: 'Save advisor' }).click();
    await expect.poll(() => enquiry.locator('.desk-enquiry__meta').textContent()).toContain(`Advisor: ${OWNER.username}.`);
    await enquiry.getByLabel('Other documents, one on each line').fill('PAN card\nShop licence');
    await enquiry.getByRole('button', { name: 'Make the link' }).click();
    const link = await enquiry.getByLabel(/^The link, shown only now/).inputValue();

    // The enquirer sends one of them through the link.
    const upload = await site.open(new URL(link).pathname, { viewport: PHONE });
    await upload.page
      .getByLabel('PAN card: choose a file or take a photo')
      .setInputFiles({ name: 'pan.pdf', mimeType: 'application/pdf', buffer: PDF });
    const items = upload.page.getByRole('list', { name: 'Documents asked for' }).getByRole('listitem');
    await items.nth(0).getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => items.nth(0).getByRole('status').textContent()).toBe('Thank you. We have received your file for PAN card.');
    await upload.page.close();

    // On the status page, with the reference and the number, the enquirer sees who looks after it and what is still missing.
    const { page, problems } = await site.open('/status', { viewport: PHONE });
    await page.getByLabel('Reference of your enquiry').fill(reference);
    await page.getByLabel('Mobile number you gave us').fill('9822099001');
    await page.getByRole('button', { name: 'Show where it stands' }).click();
    await page.getByRole('heading', { level: 3, name: `Enquiry ${reference}` }).waitFor();
    expect(await page.getByText('Your advisor is Meera Joshi.').isVisible()).toBe(true);
    expect(await page.getByText('We have asked you for documents').isVisible()).toBe(true);
    expect(await page.locator('.status-result__documents').getByRole('listitem').allTextContents()).toEqual([
      'PAN card: Received',
      'Shop licence: Not sent yet',
    ]);
    await expectNoAxeViolations(page, '/status with an advisor and documents, 360 px');
    expect(problems).toEqual([]);
  }, 120_000);

  test('at 360 px, a Marathi enquirer who opens a link cut short reads that it is not valid and whom to call, not a date', async () => {
    const { page, problems } = await site.open('/mr/documents/Qm9vayBhIGxvYW4gZm9yIHRoZS', { viewport: PHONE });
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toMatch(/^ही लिंक आमची नाही, किंवा तिचा काही भाग सुटला आहे\..*\+91/);
    expect(await page.locator('main').textContent()).not.toMatch(/undefined|जानेवारी 0/);
    await expectNoAxeViolations(page, '/mr/documents with a cut link, 360 px');
    // The page answers 404 (the browser logs the status too); nothing else goes wrong.
    expect(problems).toContain(`HTTP 404: ${new URL('/mr/documents/Qm9vayBhIGxvYW4gZm9yIHRoZS', site.url).href}`);
    expect(problems.filter((problem) => !/ 404|status of 404/.test(problem))).toEqual([]);
  }, 60_000);
});
