import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { workingWeek } from '../../../src/shared/workingTime';
import { removeDir, tempDataDir } from '../../../tests/helpers/server';
import { by, contact } from '../../../tests/helpers/storeFixtures';
import type { PipelineQuery } from '../pipelineReport';
import type { Store } from '../Store';
import { FileStore } from './FileStore';

// What both stores must do is in api/store/*Store.test.ts; here, what the file store alone must do.

test('a change of an application or an enquiry whose write fails moves neither the record, the pipeline report nor the board', async () => {
  const dir = tempDataDir('file-store-');
  const store = await FileStore.open(dir);
  const query: PipelineQuery = {
    since: '2000-01-01T00:00:00.000Z',
    until: '2100-01-01T00:00:00.000Z',
    now: new Date().toISOString(),
    week: workingWeek({ from: '09:30', to: '18:30', days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] }),
    lostStatuses: ['closed'],
    advisors: [],
  };
  const seen = async (from: Store) => ({
    report: await from.pipeline.report(query),
    board: (await from.pipeline.boardPage({ status: 'new', limit: 10 })).items.map(({ enquiry }) => [enquiry._id, enquiry.status]),
  });
  // A folder where a segment goes: its write cannot replace it.
  const segments = [path.join(dir, 'applications', '000001.json'), path.join(dir, 'enquiries', 'contact', '000001.json')];
  try {
    const enquiry = await store.enquiries.add(contact('blocked'));
    const application = await store.applications.addApplication(
      { enquiryId: enquiry._id, lender: 'sbi', product: 'Term loan', amount: 100_000 },
      by('asha'),
    );
    const before = await seen(store);
    for (const segment of segments) {
      rmSync(segment);
      mkdirSync(path.join(segment, 'blocked'), { recursive: true });
    }
    await expect(
      store.applications.updateApplication(enquiry._id, application!.id, { from: 'preparing', status: 'submitted' }, by('asha')),
    ).rejects.toThrow();
    await expect(store.enquiries.update(enquiry._id, { status: 'closed', closedReason: 'not-eligible' }, by('asha'))).rejects.toThrow();
    expect((await store.enquiries.get(enquiry._id))!.status).toBe('new');
    for (const segment of segments) rmSync(segment, { recursive: true });
    // Later changes that succeed recount the enquiry and its applications from what is in memory: as on disk.
    await store.enquiries.addNote(enquiry._id, 'Called back', by('asha'));
    await store.applications.addApplication({ enquiryId: enquiry._id, lender: 'sbi', product: 'Term loan', amount: 0 }, by('asha'));
    expect(await seen(store)).toEqual(before);
    await store.close();
    const reopened = await FileStore.open(dir);
    expect(await seen(reopened)).toEqual(before);
    await reopened.close();
  } finally {
    removeDir(dir);
  }
});
