import { expect, test } from 'vitest';
import type { StoredPicture } from './PictureStore';
import { eachStore } from '../../tests/helpers/eachStore';
import { by } from '../../tests/helpers/storeFixtures';

const picture = (name: string, marker: number): StoredPicture => ({
  name,
  alt: `The ${name} picture`,
  width: 800,
  height: 600,
  bytes: 3,
  at: '2026-11-24T10:00:00.000Z',
  by: by('asha'),
  files: {
    [`images/${name}`]: Buffer.from([0xff, 0xd8, marker]),
    [`images/sizes/${name.replace('.jpg', '')}-400.webp`]: Buffer.from([marker, 0, 0xff]),
  },
});

/** Uploaded pictures: kept whole with their bytes, one per name, and gone when removed. */
eachStore('uploaded pictures', (fresh) => {
  test('a picture comes back with every size byte for byte, and its name cannot be taken twice', async () => {
    const { store } = await fresh();
    expect(await store.pictures.addPicture(picture('shop.jpg', 1))).toBe(true);
    expect(await store.pictures.addPicture(picture('shop.jpg', 2))).toBe(false);
    expect(await store.pictures.addPicture(picture('dairy.jpg', 3))).toBe(true);
    const { files: _files, ...info } = picture('shop.jpg', 1);
    expect((await store.pictures.pictureList()).map((listed) => listed.name)).toEqual(['shop.jpg', 'dairy.jpg']);
    expect((await store.pictures.pictureList())[0]).toEqual(info);
    const files = await store.pictures.pictureFiles();
    expect([...files.keys()].sort()).toEqual([
      'images/dairy.jpg',
      'images/shop.jpg',
      'images/sizes/dairy-400.webp',
      'images/sizes/shop-400.webp',
    ]);
    // The refused second upload left the first one's bytes alone.
    expect([...files.get('images/shop.jpg')!]).toEqual([0xff, 0xd8, 1]);
    expect([...files.get('images/sizes/dairy-400.webp')!]).toEqual([3, 0, 0xff]);
  });

  test('two uploads of one name at the same moment: one is kept whole, with its own bytes', async () => {
    const { store } = await fresh();
    const results = await Promise.all([
      store.pictures.addPicture(picture('shop.jpg', 1)),
      store.pictures.addPicture(picture('shop.jpg', 2)),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const marker = results[0] ? 1 : 2;
    const files = await store.pictures.pictureFiles();
    expect([...files.get('images/shop.jpg')!]).toEqual([0xff, 0xd8, marker]);
    expect([...files.get('images/sizes/shop-400.webp')!]).toEqual([marker, 0, 0xff]);
  });

  test('a removed picture is gone with its sizes, and its name is free again', async () => {
    const { store } = await fresh();
    await store.pictures.addPicture(picture('shop.jpg', 1));
    await store.pictures.addPicture(picture('dairy.jpg', 3));
    expect(await store.pictures.removePicture('shop.jpg')).toBe(true);
    expect(await store.pictures.removePicture('shop.jpg')).toBe(false);
    expect((await store.pictures.pictureList()).map((listed) => listed.name)).toEqual(['dairy.jpg']);
    expect([...(await store.pictures.pictureFiles()).keys()].sort()).toEqual(['images/dairy.jpg', 'images/sizes/dairy-400.webp']);
    expect(await store.pictures.addPicture(picture('shop.jpg', 5))).toBe(true);
    expect([...(await store.pictures.pictureFiles()).get('images/shop.jpg')!]).toEqual([0xff, 0xd8, 5]);
  });
});
