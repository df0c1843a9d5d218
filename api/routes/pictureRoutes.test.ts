import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';
import { publicSite } from './publicSite';

const apiApp = useApiApp({}, undefined);
const ORIGIN = 'http://site.test';
const AGRO = readFileSync(new URL('../../pages-data/agroprocessing.yaml', import.meta.url), 'utf8');
const page = (file: string, rest = '') => `/admin/api/pages/${encodeURIComponent(file)}${rest}`;
// Each publish checks and builds the whole real site.
const SLOW = { timeout: 60_000 };

/** A photo as a phone takes it: 2000×1500, with the camera's make and where it was taken. */
const phonePhoto = () =>
  sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#2a6f4e' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Mid 5G' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 52/1 36/1' } })
    .toBuffer();

async function signedIn() {
  const app = await apiApp();
  await app.account('lekha', 'editor');
  const cookie = await app.logIn('lekha');
  const upload = async (name: string, bytes: Buffer, alt = 'A dairy unit with steel milk cans') => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(bytes)], name));
    form.set('alt', alt);
    const response = await app.app.request(
      `${ORIGIN}/admin/api/pictures`,
      {
        method: 'POST',
        headers: { Cookie: cookie, Origin: ORIGIN, 'X-Requested-With': 'fetch' },
        body: form,
      },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    );
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const list = async () => (await app.call('GET', '/admin/api/pictures', { cookie })).json['items'] as Record<string, unknown>[];
  /** Saves and publishes a new version of a page, as the editor does. */
  const publish = async (file: string, source: string) => {
    const opened = (await app.call('GET', page(file), { cookie })).json as { head: string };
    const saved = await app.call('PUT', page(file, '/draft'), { cookie, body: { source, basedOn: opened.head } });
    const published = await app.call('POST', page(file, '/publish'), { cookie, body: { basedOn: saved.json['revision'] } });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
  };
  /** What a visitor's browser gets from the public site (the API app has only the admin side). */
  const publicApp = publicSite(app.site, app.config.staticDir);
  const visit = (address: string) => publicApp.request(`${ORIGIN}${address}`);
  const bytesServed = async (address: string) => (await (await visit(address)).arrayBuffer()).byteLength;
  return { ...app, cookie, upload, list, publish, visit, bytesServed };
}

describe('uploading a picture', SLOW, () => {
  test('a phone photo is served at the recorded size without its camera or GPS data, in WebP and JPEG at each width', async () => {
    const { upload, publish, list, visit, bytesServed } = await signedIn();
    const uploaded = await upload('Dairy Unit.JPG', await phonePhoto());
    expect(uploaded).toEqual({
      status: 201,
      json: { src: 'images/dairy-unit.jpg', width: 1200, height: 900, alt: 'A dairy unit with steel milk cans' },
    });
    await publish('agroprocessing.yaml', AGRO.replace('images/agroprocessing-dairy.svg', 'images/dairy-unit.jpg'));

    const payload = (await (await visit('/_content/page?path=/agroprocessing')).json()) as {
      assets: Record<string, Record<string, string>>;
    };
    const asset = payload.assets['images/dairy-unit.jpg']!;
    expect(asset['src']).toMatch(/^\/images\/dairy-unit-[0-9a-f]{10}\.jpg$/);
    expect([asset['width'], asset['height']]).toEqual([1200, 900]);
    const sizes = (srcset: string) => srcset.split(', ').map((entry) => entry.split(' ') as [string, string]);
    expect(sizes(asset['webp']!).map(([, width]) => width)).toEqual(['400w', '800w', '1200w']);
    expect(sizes(asset['srcset']!).map(([, width]) => width)).toEqual(['400w', '800w', '1200w']);
    expect(sizes(asset['srcset']!).at(-1)![0]).toBe(asset['src']);
    const addresses = [...sizes(asset['srcset']!), ...sizes(asset['webp']!)].map(([address]) => address);

    for (const address of addresses) {
      const served = await visit(address);
      expect(served.status, address).toBe(200);
      expect(served.headers.get('cache-control')).toMatch(/immutable/);
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, `${address} carries no EXIF (camera, GPS)`).toBeUndefined();
      expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
      expect(meta.format).toBe(address.endsWith('.webp') ? 'webp' : 'jpeg');
      if (address === asset['src']) expect([meta.width, meta.height]).toEqual([1200, 900]);
    }
    const items = await list();
    // The bytes listed are those of the JPEG a browser without WebP downloads.
    expect(items[0]!['bytes']).toBe(await bytesServed(asset['src']!));
    expect(items).toEqual([
      {
        src: 'images/dairy-unit.jpg',
        alt: 'A dairy unit with steel milk cans',
        width: 1200,
        height: 900,
        bytes: items[0]!['bytes'],
        usedBy: ['agroprocessing.yaml'],
      },
    ]);
  });

  test.each([
    [
      'a PNG renamed .jpg',
      'shop.jpg',
      () =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      400,
      'shop.jpg is named as a JPEG picture but is a PNG picture. Rename it to shop.png and upload it again.',
    ],
    [
      'an SVG',
      'logo.svg',
      () => Promise.resolve(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
      400,
      'logo.svg is an SVG drawing. SVG files cannot be uploaded because they can carry script; upload a JPEG, PNG or WebP picture.',
    ],
    [
      'a 6 MB file',
      'big.jpg',
      () => Promise.resolve(Buffer.alloc(6 * 1024 * 1024, 0xff)),
      413,
      'The picture is larger than 5 MB. Save it smaller (a lower quality or fewer pixels) and upload it again.',
    ],
    [
      'a file that is no picture',
      'quote.jpg',
      () => Promise.resolve(Buffer.from('%PDF-1.7\n1 0 obj\n')),
      400,
      'quote.jpg is not a picture the site can show. Upload a JPEG, PNG or WebP picture.',
    ],
  ])('%s is refused with its own message and nothing is stored', async (_label, name, bytes, status, message) => {
    const { upload, list, dir } = await signedIn();
    expect(await upload(name, await bytes())).toMatchObject({ status, json: { message } });
    expect(await list()).toEqual([]);
    expect(readdirSync(path.join(dir, 'pictures'))).toEqual([]);
  });

  test('a picture needs its alt text', async () => {
    const { upload, list } = await signedIn();
    expect(await upload('dairy.jpg', await phonePhoto(), '  ')).toMatchObject({
      status: 400,
      json: { errors: { alt: 'Describe the picture for people who cannot see it (its alt text) before uploading it.' } },
    });
    expect(await list()).toEqual([]);
  });

  test('a damaged JPEG (its header whole, its pixels cut off) is refused as damaged, and nothing is stored', async () => {
    const { upload, list } = await signedIn();
    const photo = await phonePhoto();
    expect(await upload('cut.jpg', photo.subarray(0, Math.floor(photo.length / 3)))).toMatchObject({
      status: 400,
      json: { message: 'cut.jpg looks like a JPEG picture but cannot be read; it may be damaged. Save it again and upload it.' },
    });
    expect(await list()).toEqual([]);
  });

  test('pictures whose names differ only in extension keep sizes of their own', async () => {
    const { upload, visit, publish } = await signedIn();
    const seeThrough = await sharp({ create: { width: 900, height: 600, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } })
      .png()
      .toBuffer();
    expect((await upload('logo.jpg', await phonePhoto())).json['src']).toBe('images/logo.jpg');
    expect((await upload('logo.png', seeThrough)).json['src']).toBe('images/logo-2.png');
    await publish(
      'agroprocessing.yaml',
      AGRO.replace('images/agroprocessing-dairy.svg', 'images/logo.jpg').replace('images/agroprocessing-bakery.svg', 'images/logo-2.png'),
    );
    const { assets } = (await (await visit('/_content/page?path=/agroprocessing')).json()) as {
      assets: Record<string, Record<string, string>>;
    };
    const smallestWebp = async (src: string) =>
      sharp(Buffer.from(await (await visit(assets[src]!['webp']!.split(' ')[0]!)).arrayBuffer())).stats();
    // The photo's WebP is opaque, the logo's is see-through: neither overwrote the other.
    expect((await smallestWebp('images/logo.jpg')).isOpaque).toBe(true);
    expect((await smallestWebp('images/logo-2.png')).isOpaque).toBe(false);
  });

  test('a second picture of the same name gets a name of its own', async () => {
    const { upload } = await signedIn();
    expect((await upload('dairy.jpg', await phonePhoto())).json['src']).toBe('images/dairy.jpg');
    expect((await upload('dairy.jpg', await phonePhoto())).json['src']).toBe('images/dairy-2.jpg');
  });
});

describe('deleting a picture', SLOW, () => {
  test('is refused while a page or a draft uses it, naming them, and done once none does', async () => {
    const { upload, publish, call, cookie, list, dir } = await signedIn();
    await upload('dairy.jpg', await phonePhoto());
    await publish('agroprocessing.yaml', AGRO.replace('images/agroprocessing-dairy.svg', 'images/dairy.jpg'));
    const opened = (await call('GET', page('hotal.yaml'), { cookie })).json as { head: string; published: { source: string } };
    const draft = opened.published.source.replace('images/hotal-hotel.svg', 'images/dairy.jpg');
    await call('PUT', page('hotal.yaml', '/draft'), { cookie, body: { source: draft, basedOn: opened.head } });

    const refused = await call('DELETE', '/admin/api/pictures/dairy.jpg', { cookie });
    expect(refused).toMatchObject({
      status: 409,
      json: {
        message: 'images/dairy.jpg is still used by agroprocessing.yaml, hotal.yaml (draft). Take it out of those pages first.',
        usedBy: ['agroprocessing.yaml', 'hotal.yaml (draft)'],
      },
    });
    await publish('agroprocessing.yaml', AGRO);
    const stillDraft = await call('DELETE', '/admin/api/pictures/dairy.jpg', { cookie });
    expect(stillDraft.json['usedBy']).toEqual(['hotal.yaml (draft)']);
    await publish('hotal.yaml', opened.published.source);

    expect((await call('DELETE', '/admin/api/pictures/dairy.jpg', { cookie })).status).toBe(204);
    expect(await list()).toEqual([]);
    expect(readdirSync(path.join(dir, 'pictures'))).toEqual([]);
    expect((await call('DELETE', '/admin/api/pictures/dairy.jpg', { cookie })).status).toBe(404);
  });

  test('a page that names it with an escape in a quoted value (images\\x2Fdairy.jpg) still holds it: read from the values, not the text', async () => {
    const { upload, publish, call, cookie } = await signedIn();
    await upload('dairy.jpg', await phonePhoto());
    await publish('agroprocessing.yaml', AGRO.replace('src: images/agroprocessing-dairy.svg', 'src: "images\\x2Fdairy.jpg"'));
    expect(await call('DELETE', '/admin/api/pictures/dairy.jpg', { cookie })).toMatchObject({
      status: 409,
      json: { usedBy: ['agroprocessing.yaml'] },
    });
  });

  test('sent while a page naming it is published, either the page or the deletion wins, and the site and the store agree', async () => {
    const { upload, call, cookie, list, visit } = await signedIn();
    await upload('dairy.jpg', await phonePhoto());
    const opened = (await call('GET', page('agroprocessing.yaml'), { cookie })).json as { head: string };
    const source = AGRO.replace('images/agroprocessing-dairy.svg', 'images/dairy.jpg');
    const publishing = (async () => {
      const saved = await call('PUT', page('agroprocessing.yaml', '/draft'), { cookie, body: { source, basedOn: opened.head } });
      return call('POST', page('agroprocessing.yaml', '/publish'), { cookie, body: { basedOn: saved.json['revision'] } });
    })();
    const [deleted, published] = await Promise.all([call('DELETE', '/admin/api/pictures/dairy.jpg', { cookie }), publishing]);

    const served = JSON.stringify(await (await visit('/_content/page?path=/agroprocessing')).json());
    if (deleted.status === 204) {
      expect(published.status).toBe(400);
      expect(await list()).toEqual([]);
      expect(served).not.toContain('dairy.jpg');
    } else {
      expect(deleted.status).toBe(409);
      expect(published.status).toBe(200);
      expect((await list()).map((item) => item['src'])).toEqual(['images/dairy.jpg']);
      expect(served).toContain('images/dairy.jpg');
    }
  });
});
