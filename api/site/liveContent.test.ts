import { describe, expect, test } from 'vitest';
import { pageText, smallFolder, useSmallPublisher } from '../../tests/helpers/smallContent';
import { ContentError } from './siteService';

const publisher = useSmallPublisher();
const POLL_MS = 3000;

const ABOUT = pageText('About the Firm', { link: '/contactus' });
const BROKEN_ABOUT = pageText('About the Firm', { link: '/gone' });

describe('at the start', () => {
  test('a stored state that fails the check is not served: the deploy is, and the problem is named', async () => {
    const { publisher: live, logged } = await publisher({ before: ({ publish }) => publish('about.yaml', BROKEN_ABOUT) });
    expect(live.site.content.pageAt('/about').page.data.title).toBe('About Us');
    expect(live.problem).toMatchObject({
      servedAsIs: false,
      problems: [expect.objectContaining({ file: 'about.yaml', message: expect.stringContaining('/gone') as string })],
    });
    expect(logged).toContainEqual(expect.objectContaining({ level: 'error', commit: live.problem!.commit, errors: 1 }));
    // What editors build on is still the store's latest.
    expect(live.current.read('about.yaml')).toBe(BROKEN_ABOUT);
  });

  test('a deploy that fails the check itself is served as it is, and says so', async () => {
    const { publisher: live } = await publisher({ deploy: { 'about.yaml': BROKEN_ABOUT } });
    expect(live.site.content.pageAt('/about').page.data.title).toBe('About the Firm');
    expect(live.problem).toMatchObject({ servedAsIs: true, problems: [expect.objectContaining({ file: 'about.yaml' })] });
  });

  test('content from which no page can be drawn stops the start, naming the file', async () => {
    const start = publisher({
      deploy: {
        '_site.yaml': smallFolder()
          .read('_site.yaml')
          .replace(/^name: .*$/m, 'name: [3]'),
      },
    });
    await expect(start).rejects.toThrow(ContentError);
    await expect(start).rejects.toThrow(/_site\.yaml:\d+:\d+ {2}name {2}must be/);
  });

  test('what passes is served whole once checked, and the problem is empty', async () => {
    const { publisher: live } = await publisher({ before: ({ publish }) => publish('about.yaml', ABOUT) });
    expect(live.checking).toBe(false);
    expect(live.problem).toBeUndefined();
    expect(live.site.content.provisional).toBe(false);
    expect(live.site.content.pageAt('/about').page.data.title).toBe('About the Firm');
  });
});

describe('following other instances', () => {
  test('a commit made elsewhere is served after the next look, and not before', async () => {
    const { publisher: live, clock, publish } = await publisher({ pollMs: POLL_MS });
    await publish('about.yaml', ABOUT);
    expect(live.site.content.pageAt('/about').page.data.title).toBe('About Us');
    await clock.advance(POLL_MS);
    expect(live.site.content.pageAt('/about').page.data.title).toBe('About the Firm');
    expect(live.current.read('about.yaml')).toBe(ABOUT);
  });

  test('a commit that fails the check here keeps the last good content served, until one that passes', async () => {
    const { publisher: live, clock, publish } = await publisher({ pollMs: POLL_MS });
    await publish('about.yaml', ABOUT);
    await clock.advance(POLL_MS);
    await publish('about.yaml', BROKEN_ABOUT);
    await clock.advance(POLL_MS);
    expect(live.site.content.pageAt('/about').page.data.title).toBe('About the Firm');
    expect(live.site.content.content.folder.read('about.yaml')).toBe(ABOUT);
    expect(live.problem).toMatchObject({ servedAsIs: false, problems: [expect.objectContaining({ file: 'about.yaml' })] });
    await publish('about.yaml', pageText('About Our Firm'));
    await clock.advance(POLL_MS);
    expect(live.problem).toBeUndefined();
    expect(live.site.content.pageAt('/about').page.data.title).toBe('About Our Firm');
  });

  test('stop ends the looking', async () => {
    const { publisher: live, clock } = await publisher({ pollMs: POLL_MS });
    expect(clock.waiting()).toBe(1);
    live.stop();
    expect(clock.waiting()).toBe(0);
  });
});

describe('pictures', () => {
  const svg = (width: number) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20"></svg>`);
  const by = { id: 'id-asha', username: 'asha' };
  const uploaded = (name: string, bytes: Buffer) => ({
    name,
    alt: 'A logo',
    width: 40,
    height: 20,
    bytes: bytes.length,
    at: new Date(0).toISOString(),
    by,
    files: { [`images/${name}`]: bytes },
  });

  test('an uploaded picture is served once it joins; one a draft names (however escaped) cannot be deleted', async () => {
    const { publisher: live, store, draft } = await publisher();
    const bytes = svg(40);
    await store.pictures.addPicture(uploaded('logo.svg', bytes));
    await live.addPicture(new Map([['images/logo.svg', bytes]]));
    expect([...live.site.content.pictures.values()].map((file) => file.bytes)).toContainEqual(bytes);
    await draft('about.yaml', `${ABOUT}  - type: image\n    image: { src: "images\\x2Flogo.svg", alt: A logo }\n`);
    expect(await live.removePicture('logo.svg')).toEqual({ usedBy: ['about.yaml (draft)'] });
    expect((await store.pictures.pictureList()).map((picture) => picture.name)).toEqual(['logo.svg']);
  });

  test('the files that use a picture: what another instance published, followed first, and drafts; a longer path is another picture', async () => {
    const { publisher: live, store, publish, draft } = await publisher({ pollMs: POLL_MS });
    const bytes = svg(40);
    await store.pictures.addPicture(uploaded('logo.svg', bytes));
    await live.addPicture(new Map([['images/logo.svg', bytes]]));
    const strip = (caption: string) => `      - image: { src: images/logo.svg, alt: A logo }\n        caption: ${caption}\n`;
    await publish('about.yaml', `${ABOUT}  - type: image-strip\n    images:\n${strip('Our logo')}${strip('Our logo again')}`);
    await draft('contactus.yaml', `${pageText('Contact Us')}  - type: text\n    body: See images/logo.svg.bak and images/xlogo.svg\n`);
    const used = await live.picturesUsedBy(['logo.svg', 'logo.svg.bak']);
    expect(live.problem).toBeUndefined();
    expect(used).toEqual(
      new Map([
        ['logo.svg', ['about.yaml']],
        ['logo.svg.bak', []],
      ]),
    );
  });

  test('a picture nothing names is deleted from the store and the site at once', async () => {
    const { publisher: live, store } = await publisher();
    const bytes = svg(40);
    await store.pictures.addPicture(uploaded('logo.svg', bytes));
    await live.addPicture(new Map([['images/logo.svg', bytes]]));
    expect(await live.removePicture('logo.svg')).toEqual({ removed: true });
    expect(await store.pictures.pictureList()).toEqual([]);
    expect(live.site.content.pictures.size).toBe(0);
    expect(live.current.has('images/logo.svg')).toBe(false);
  });
});
