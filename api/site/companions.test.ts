import { expect, test } from 'vitest';
import { memoryFolder } from '../../src/content/contentFolder';
import { useFreshStore } from '../../tests/helpers/freshStore';
import { companionDrafts, companionsOf } from './companions';

const freshStore = useFreshStore();
const folder = memoryFolder(
  new Map([
    ['homeloan.yaml', 'title: Home loan\n'],
    ['mr/homeloan.yaml', 'title: गृहकर्ज\n'],
    ['hi/homeloan.yaml', 'title: होम लोन\n'],
    ['about.yaml', 'title: About\n'],
  ]),
);

test('a file’s companions are the same file’s drafts in the other languages, the English one for a translation', async () => {
  const { store, draft } = await freshStore();
  expect(await companionsOf(folder, store, 'homeloan.yaml')).toEqual([]);
  await draft('mr/homeloan.yaml', 'title: गृहकर्ज नवे\n');
  await draft('about.yaml', 'title: About us\n');
  expect((await companionsOf(folder, store, 'homeloan.yaml')).map((companion) => companion.file)).toEqual(['mr/homeloan.yaml']);
  await draft('homeloan.yaml', 'title: Home loans\n');
  expect((await companionsOf(folder, store, 'hi/homeloan.yaml')).map((companion) => [companion.file, companion.draft.source])).toEqual([
    ['homeloan.yaml', 'title: Home loans\n'],
    ['mr/homeloan.yaml', 'title: गृहकर्ज नवे\n'],
  ]);
  // A file is not its own companion.
  expect((await companionsOf(folder, store, 'mr/homeloan.yaml')).map((companion) => companion.file)).toEqual(['homeloan.yaml']);
});

test('drafts to publish together must be companions, at the revision the editor saw', async () => {
  const { store, draft } = await freshStore();
  const seen = await draft('mr/homeloan.yaml', 'title: गृहकर्ज नवे\n');
  await draft('about.yaml', 'title: About us\n');

  const chosen = await companionDrafts(folder, store, 'homeloan.yaml', [{ file: 'mr/homeloan.yaml', basedOn: seen }]);
  expect('drafts' in chosen && [...chosen.drafts.keys()]).toEqual(['mr/homeloan.yaml']);
  expect(await companionDrafts(folder, store, 'homeloan.yaml', [{ file: 'about.yaml' }])).toEqual({
    refused: 'about.yaml has no draft to publish with homeloan.yaml: only a draft of the same file in another language can go with it.',
  });
  // A translation with no draft cannot go either.
  expect(await companionDrafts(folder, store, 'homeloan.yaml', [{ file: 'hi/homeloan.yaml' }])).toHaveProperty('refused');

  // Someone saved the Marathi draft again after the editor looked: it is not published unseen.
  await draft('mr/homeloan.yaml', 'title: गृहकर्ज (बदल)\n');
  expect(await companionDrafts(folder, store, 'homeloan.yaml', [{ file: 'mr/homeloan.yaml', basedOn: seen }])).toEqual({
    companionChanged: 'mr/homeloan.yaml',
  });
});
