import { expect, test } from 'vitest';
import { memoryFolder } from '../../src/content/contentFolder';
import { sitePictures } from './sitePictures';

const svg = (width: number, colour = 'red') =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width / 2}"><rect fill="${colour}"/></svg>`);
const picturesOf = (files: Record<string, Buffer | string>) => sitePictures(memoryFolder(new Map(Object.entries(files))));

test('a picture is served at an address carrying a hash of its bytes, with its type and intrinsic size', () => {
  const { bySrc, byUrl } = picturesOf({ 'images/logo.svg': svg(300), 'index.yaml': 'title: Home\n', 'images/notes.txt': 'not a picture' });
  const logo = bySrc.get('images/logo.svg')!;
  expect(logo).toMatchObject({
    width: 300,
    height: 150,
    type: 'image/svg+xml',
    src: expect.stringMatching(/^\/images\/logo-[0-9a-f]{10}\.svg$/) as string,
  });
  expect(byUrl.get(logo.src)?.bytes).toEqual(svg(300));
  expect([...bySrc.keys()]).toEqual(['images/logo.svg']);
  // The same bytes keep their address; other bytes get another, so a cached copy is never stale.
  expect(picturesOf({ 'images/logo.svg': svg(300) }).bySrc.get('images/logo.svg')?.src).toBe(logo.src);
  expect(picturesOf({ 'images/logo.svg': svg(300, 'blue') }).bySrc.get('images/logo.svg')?.src).not.toBe(logo.src);
});

test('an uploaded picture’s smaller sizes and WebP versions are its srcsets, each served at its own address', () => {
  const files: Record<string, Buffer> = { 'images/hero.svg': svg(1000) };
  for (const width of [400, 800]) files[`images/sizes/hero-${width}.svg`] = svg(width);
  for (const width of [400, 800, 1000]) files[`images/sizes/hero-${width}.webp`] = svg(width, 'green');
  const { bySrc, byUrl } = picturesOf(files);
  const hero = bySrc.get('images/hero.svg')!;
  const widths = (srcset: string | undefined) => srcset?.split(', ').map((entry) => entry.split(' ')[1]);
  expect(widths(hero.srcset)).toEqual(['400w', '800w', '1000w']);
  expect(widths(hero.webp)).toEqual(['400w', '800w', '1000w']);
  expect(hero.srcset).toContain(`${hero.src} 1000w`);
  for (const entry of [...hero.srcset!.split(', '), ...hero.webp!.split(', ')]) expect(byUrl.has(entry.split(' ')[0]!)).toBe(true);
  expect(byUrl.get(hero.webp!.split(' ')[0]!)?.type).toBe('image/webp');
  // The sizes are no pictures of their own.
  expect([...bySrc.keys()]).toEqual(['images/hero.svg']);
});

test('without its WebP versions a picture has no srcset', () => {
  const hero = picturesOf({ 'images/hero.svg': svg(1000), 'images/sizes/hero-400.svg': svg(400) }).bySrc.get('images/hero.svg')!;
  expect(hero.srcset).toBeUndefined();
  expect(hero.webp).toBeUndefined();
});
