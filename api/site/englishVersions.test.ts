import { expect, test } from 'vitest';
import { memoryFolder, withFile } from '../../src/content/contentFolder';
import { stampTranslation } from '../../src/content/translationStamp';
import { useFreshStore } from '../../tests/helpers/freshStore';
import { LocalChecks } from './contentChecks';
import { englishVersions } from './englishVersions';

const freshStore = useFreshStore();
const checks = new LocalChecks(memoryFolder(new Map()));
const read = checks.read.bind(checks);

const ENGLISH_V1 = 'title: Home loan\ndescription: For a house.\n';
const ENGLISH_V2 = 'title: Home loan\ndescription: For a house or a flat.\n';
const ENGLISH_V3 = 'title: Home loans\ndescription: For a house or a flat.\n';
const MARATHI = 'title: गृहकर्ज\ndescription: घरासाठी.\n';

/** A Marathi translation made from `english`: its text with that English file's fingerprint. */
const madeFrom = (english: string) => stampTranslation(MARATHI, memoryFolder(new Map([['homeloan.yaml', english]])), 'homeloan.yaml');

test('a translation is shown its English file as live now, and as it was when it was made, from the English revisions', async () => {
  const { store, publish } = await freshStore();
  await publish('homeloan.yaml', ENGLISH_V2);
  await publish('homeloan.yaml', ENGLISH_V3);
  const folder = memoryFolder(new Map([['homeloan.yaml', ENGLISH_V3]]));
  const versions = await englishVersions(
    { folder, store, deployedSource: () => ENGLISH_V1, read },
    'mr/homeloan.yaml',
    madeFrom(ENGLISH_V2),
  );
  expect(versions).toEqual({ english: 'homeloan.yaml', now: ENGLISH_V3, then: ENGLISH_V2 });
});

test('the deploy’s version counts; a translation made from a version no longer kept, or never stamped, has no `then`', async () => {
  const { store } = await freshStore();
  const folder = memoryFolder(new Map([['homeloan.yaml', ENGLISH_V3]]));
  const deployed = { folder, store, deployedSource: (file: string) => (file === 'homeloan.yaml' ? ENGLISH_V1 : null), read };
  expect(await englishVersions(deployed, 'mr/homeloan.yaml', madeFrom(ENGLISH_V1))).toMatchObject({ then: ENGLISH_V1 });
  expect(await englishVersions(deployed, 'mr/homeloan.yaml', madeFrom('title: Lost\n'))).toMatchObject({ then: null });
  expect(await englishVersions(deployed, 'mr/homeloan.yaml', MARATHI)).toEqual({ english: 'homeloan.yaml', now: ENGLISH_V3, then: null });
  // A translation that does not parse as YAML is still shown the English as it is now.
  expect(await englishVersions(deployed, 'mr/homeloan.yaml', 'title: [unclosed\n')).toMatchObject({ now: ENGLISH_V3, then: null });
  // Made from the English as it is now: `then` is `now`.
  expect(await englishVersions(deployed, 'mr/homeloan.yaml', madeFrom(ENGLISH_V3))).toMatchObject({ then: ENGLISH_V3 });
});

test('an English file, or a translation with no English file, has no English versions', async () => {
  const { store } = await freshStore();
  const folder = withFile(memoryFolder(new Map([['homeloan.yaml', ENGLISH_V1]])), 'mr/newpage.yaml', MARATHI);
  const options = { folder, store, deployedSource: () => null, read };
  expect(await englishVersions(options, 'homeloan.yaml', ENGLISH_V1)).toBeUndefined();
  expect(await englishVersions(options, 'mr/newpage.yaml', MARATHI)).toBeUndefined();
});
