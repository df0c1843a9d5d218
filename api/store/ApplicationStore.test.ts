import { expect, test } from 'vitest';
import { isoNow } from '../clock';
import { copyStore } from './copyStore';
import { eachStore } from '../../tests/helpers/eachStore';
import { by, contact } from '../../tests/helpers/storeFixtures';

/** Applications to lenders: several per enquiry, each change in its history, checked against its status, erased with the enquiry. */
eachStore('applications to lenders', (fresh) => {
  test('an enquiry has any number of applications, each preparing at first, listed oldest first', async () => {
    const { store, clock } = await fresh();
    const enquiry = await store.enquiries.add(contact('loan'));
    const first = (await store.applications.addApplication(
      { enquiryId: enquiry._id, lender: 'sbi', product: 'Term loan', amount: 2_500_000 },
      by('asha'),
    ))!;
    await clock.advance(60_000);
    await store.applications.addApplication(
      { enquiryId: enquiry._id, lender: 'bajaj-finance', product: 'Working capital', amount: 500_000 },
      by('owner'),
    );
    expect(first).toMatchObject({ enquiryId: enquiry._id, lender: 'sbi', product: 'Term loan', amount: 2_500_000, status: 'preparing' });
    expect(first.history).toEqual([{ at: first.createdAt, by: 'asha', byId: 'id-asha', status: 'preparing' }]);
    const listed = await store.applications.applicationsOf(enquiry._id);
    expect(listed.map((application) => application.lender)).toEqual(['sbi', 'bajaj-finance']);
    expect(await store.applications.applicationsOf('no-such-enquiry')).toEqual([]);
    expect(
      await store.applications.addApplication({ enquiryId: 'no-such-enquiry', lender: 'sbi', product: 'x', amount: 1 }, by('asha')),
    ).toBeUndefined();
  });

  test('each change of status goes into its history with its amounts; one from a status it has left changes nothing', async () => {
    const { store, clock } = await fresh();
    const enquiry = await store.enquiries.add(contact('loan'));
    const { id } = (await store.applications.addApplication(
      { enquiryId: enquiry._id, lender: 'sbi', product: 'Term loan', amount: 2_500_000 },
      by('asha'),
    ))!;
    await clock.advance(60_000);
    await store.applications.updateApplication(enquiry._id, id, { from: 'preparing', status: 'submitted' }, by('asha'));
    await clock.advance(60_000);
    const sanctioned = await store.applications.updateApplication(
      enquiry._id,
      id,
      { from: 'submitted', status: 'sanctioned', sanctionedAmount: 2_000_000 },
      by('owner'),
    );
    expect(sanctioned).toMatchObject({ status: 'sanctioned', sanctionedAmount: 2_000_000, updatedAt: isoNow(clock) });
    const both = await Promise.all([
      store.applications.updateApplication(
        enquiry._id,
        id,
        { from: 'sanctioned', status: 'disbursed', disbursedAmount: 2_000_000 },
        by('owner'),
      ),
      store.applications.updateApplication(enquiry._id, id, { from: 'sanctioned', status: 'withdrawn' }, by('asha')),
    ]);
    expect(both.filter((result) => result === 'moved')).toHaveLength(1);
    const [stored] = await store.applications.applicationsOf(enquiry._id);
    expect(stored!.history.map((event) => event.status)).toEqual(['preparing', 'submitted', 'sanctioned', stored!.status]);
    expect(stored!.history[2]).toEqual({
      at: sanctioned !== 'moved' && sanctioned!.updatedAt,
      by: 'owner',
      byId: 'id-owner',
      status: 'sanctioned',
      sanctionedAmount: 2_000_000,
    });
    expect(
      await store.applications.updateApplication(enquiry._id, 'no-such-id', { from: 'preparing', status: 'submitted' }, by('asha')),
    ).toBeUndefined();
    expect(
      await store.applications.updateApplication('another', id, { from: stored!.status, status: 'rejected', reason: 'x' }, by('asha')),
    ).toBeUndefined();
  });

  test('deleting or erasing an enquiry erases its applications; a move to another store keeps them', async () => {
    const { store } = await fresh();
    const kept = await store.enquiries.add(contact('kept', { number: '+919811111111' }));
    const gone = await store.enquiries.add(contact('gone', { number: '+919822222222' }));
    const deleted = await store.enquiries.add(contact('deleted', { number: '+919833333333' }));
    for (const enquiry of [kept, gone, deleted])
      await store.applications.addApplication({ enquiryId: enquiry._id, lender: 'sbi', product: 'Mudra', amount: 50_000 }, by('asha'));
    await store.people.erase({ phone: '9822222222' });
    await store.enquiries.delete([deleted._id]);
    expect(await store.applications.applicationsOf(gone._id)).toEqual([]);
    expect(await store.applications.applicationsOf(deleted._id)).toEqual([]);
    expect((await store.applications.allApplications()).map((application) => application.enquiryId)).toEqual([kept._id]);

    const { store: other } = await fresh();
    const report = await copyStore(store, other);
    expect(report.applications).toEqual({ copied: 1, of: 1 });
    expect(await other.applications.allApplications()).toEqual(await store.applications.allApplications());
    expect((await copyStore(store, other)).applications).toEqual({ copied: 0, of: 1 });
  });
});
