import { expect, test } from 'vitest';
import { memoryFolder } from '../../src/content/contentFolder';
import { useFreshStore } from '../../tests/helpers/freshStore';
import { picturesUsedBy } from './pictureUse';

const freshStore = useFreshStore();
const folder = memoryFolder(
  new Map<string, string | Buffer>([
    ['homeloan.yaml', 'blocks:\n  - type: banner\n    image: images/office.jpg\n'],
    ['about.yaml', 'blocks:\n  - type: text\n    body: See images/office.jpg.bak and images/xoffice.jpg\n'],
    ['images/office.jpg', Buffer.from([0xff, 0xd8])],
  ]),
);

test('a picture is used by the published files and drafts that name it as a whole value', async () => {
  const { store, draft } = await freshStore();
  await draft('mr/homeloan.yaml', 'blocks:\n  - type: banner\n    image: "images/office.jpg"\n');
  const used = await picturesUsedBy(folder, store, ['office.jpg', 'team.jpg']);
  expect(used).toEqual(
    new Map([
      ['office.jpg', ['homeloan.yaml', 'mr/homeloan.yaml (draft)']],
      ['team.jpg', []],
    ]),
  );
});

test('a publish this instance has not picked up yet counts; one it has is not counted twice', async () => {
  const { store, publish } = await freshStore();
  await publish('team.yaml', 'blocks:\n  - type: team\n    photo: images/team.jpg\n');
  await publish('homeloan.yaml', folder.read('homeloan.yaml'));
  expect(await picturesUsedBy(folder, store, ['team.jpg', 'office.jpg'])).toEqual(
    new Map([
      ['team.jpg', ['team.yaml']],
      ['office.jpg', ['homeloan.yaml']],
    ]),
  );
});
