import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    week: workingWeek([{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '09:30', closes: '18:30' }]),
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

test('an enquiry whose first-response clock a change of status stopped, before only a recorded contact did, has it running again', async () => {
  const dir = tempDataDir('file-store-');
  const at = (time: string) => new Date(`2026-11-25T${time}:00.000+05:30`).toISOString();
  const stored = (id: string, status: string, firstContactAt: string, history: object[]) => ({
    _id: id,
    reference: `VF-0000-000${id.length}`,
    form: 'contact',
    createdAt: at('10:00'),
    fields: { name: id, number: '+919822012345' },
    status,
    followUpOn: null,
    lastActivityAt: at('10:30'),
    consent: null,
    firstResponseDueAt: at('11:00'),
    firstContactAt,
    history: history.map((entry) => ({ by: 'asha', ...entry })),
  });
  const segment = path.join(dir, 'enquiries', 'contact', '000001.json');
  mkdirSync(path.dirname(segment), { recursive: true });
  writeFileSync(
    segment,
    JSON.stringify({
      records: [
        stored('moved', 'documents-pending', at('10:10'), [{ at: at('10:10'), type: 'status', from: 'new', to: 'documents-pending' }]),
        stored('noted', 'contacted', at('10:10'), [
          { at: at('10:10'), type: 'status', from: 'new', to: 'contacted' },
          { at: at('10:40'), type: 'note', text: 'Came to the office', contact: true },
        ]),
        stored('called', 'contacted', at('10:20'), [{ at: at('10:20'), type: 'contact', channel: 'call' }]),
      ],
    }),
  );
  try {
    const store = await FileStore.open(dir);
    const firstContacts = async (from: Store) =>
      (await Promise.all(['moved', 'noted', 'called'].map((id) => from.enquiries.get(id)))).map((found) => ({
        firstContactAt: found!.firstContactAt,
        escalatedAt: found!.escalatedAt,
      }));
    const expected = [
      // Its clock runs again, counted as escalated at its old stop: the owners get no notice of it now.
      { firstContactAt: undefined, escalatedAt: at('10:10') },
      { firstContactAt: at('10:40'), escalatedAt: undefined },
      { firstContactAt: at('10:20'), escalatedAt: undefined },
    ];
    expect(await firstContacts(store)).toEqual(expected);
    await store.close();
    // Written back once: the file holds it, and a second start changes nothing.
    const written = readFileSync(segment, 'utf8');
    expect((JSON.parse(written) as { records: object[] }).records[0]).not.toHaveProperty('firstContactAt');
    const reopened = await FileStore.open(dir);
    expect(await firstContacts(reopened)).toEqual(expected);
    await reopened.close();
    expect(readFileSync(segment, 'utf8')).toBe(written);
  } finally {
    removeDir(dir);
  }
});
