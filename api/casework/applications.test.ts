import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { describe, expect, inject, test } from 'vitest';
import { PgStore } from '../store/pg/PgStore';
import type { Application } from '../../src/shared/applications';
import type { Store } from '../store/Store';
import { eachStore } from '../../tests/helpers/eachStore';
import { createDatabase } from '../../tests/helpers/postgres';
import { skipPostgres } from '../../tests/helpers/postgresSetup';
import { ROOT } from '../../tests/helpers/server';
import { fixtureWorkflow } from '../../tests/helpers/siteData';
import { by, contact } from '../../tests/helpers/storeFixtures';
import { addApplication, changeApplication } from './applications';

/** The store as an action sees it, with one part's write failing inside the action's transaction (a full disk, a lost connection). */
function failingInAction(store: Store, part: 'enquiries' | 'audit', method: string): Store {
  const failing = (tx: Store): Store =>
    Object.assign(Object.create(tx) as Store, {
      [part]: Object.assign(Object.create(tx[part]) as object, { [method]: () => Promise.reject(new Error('the disk is full')) }),
    });
  return Object.assign(Object.create(store) as Store, {
    transaction: <T>(work: (tx: Store) => Promise<T>) => store.transaction((tx) => work(failing(tx))),
  });
}

/** What an application's action writes: the application, the enquiry's status and history, the audit log. */
async function written(store: Store, enquiryId: string) {
  const enquiry = (await store.enquiries.get(enquiryId))!;
  return {
    applications: (await store.applications.applicationsOf(enquiryId)).map(({ status, history }) => ({ status, steps: history.length })),
    status: enquiry.status,
    history: enquiry.history.length,
    audit: (await store.audit.list({ limit: 50 })).items.map((entry) => entry.detail),
  };
}

const sbi = (enquiryId: string) => ({ enquiryId, lender: 'sbi', product: 'Term loan', amount: 1 });

/** An enquiry with one application to SBI, preparing (which moves no status). */
async function withApplication(store: Store, message: string) {
  const enquiry = await store.enquiries.add(contact(message));
  const { id } = (await addApplication(store, fixtureWorkflow, sbi(enquiry._id), by('asha'))) as Application;
  return { enquiry, id };
}

eachStore('an application’s action, written whole', (fresh) => {
  test('a change, the enquiry’s status that follows it and their audit entries are kept together, after a restart too', async () => {
    const { store, restart } = await fresh();
    const { enquiry, id } = await withApplication(store, 'Sanction');
    const { history } = await written(store, enquiry._id);
    await changeApplication(
      store,
      fixtureWorkflow,
      { enquiryId: enquiry._id, applicationId: id, change: { status: 'submitted' } },
      by('asha'),
    );
    const expected = {
      applications: [{ status: 'submitted', steps: 2 }],
      status: 'submitted',
      history: history + 1,
      audit: ['new → submitted (its applications)', 'sbi: Preparing → Submitted', 'added for sbi'],
    };
    expect(await written(store, enquiry._id)).toMatchObject(expected);
    expect(await written(await restart(), enquiry._id)).toMatchObject(expected);
  });

  for (const [part, method, between] of [
    ['enquiries', 'update', 'the application and the enquiry’s status'],
    ['audit', 'add', 'the enquiry’s status and its audit entry'],
  ] as const)
    test(`a failure between ${between} leaves none of the change, in memory or after a restart`, async () => {
      const { store, restart } = await fresh();
      const { enquiry, id } = await withApplication(store, 'Half done');
      const before = await written(store, enquiry._id);
      await expect(
        changeApplication(
          failingInAction(store, part, method),
          fixtureWorkflow,
          { enquiryId: enquiry._id, applicationId: id, change: { status: 'submitted' } },
          by('asha'),
        ),
      ).rejects.toThrow('the disk is full');
      expect(await written(store, enquiry._id)).toEqual(before);
      // The store goes on: the same change made again is written whole.
      await changeApplication(
        store,
        fixtureWorkflow,
        { enquiryId: enquiry._id, applicationId: id, change: { status: 'submitted' } },
        by('asha'),
      );
      const after = await written(store, enquiry._id);
      expect(after).toMatchObject({ applications: [{ status: 'submitted', steps: 2 }], status: 'submitted', history: before.history + 1 });
      expect(after.audit).toHaveLength(before.audit.length + 2);
      expect(await written(await restart(), enquiry._id)).toEqual(after);
    });

  test('a new application and its audit entry are kept together: a failure between them leaves neither', async () => {
    const { store, restart } = await fresh();
    const enquiry = await store.enquiries.add(contact('New one'));
    const before = await written(store, enquiry._id);
    await expect(addApplication(failingInAction(store, 'audit', 'add'), fixtureWorkflow, sbi(enquiry._id), by('asha'))).rejects.toThrow(
      'the disk is full',
    );
    expect(await written(store, enquiry._id)).toEqual(before);
    expect(await written(await restart(), enquiry._id)).toEqual(before);
  });
});

describe.skipIf(skipPostgres)('PostgreSQL: an application’s action in a process killed between its writes', () => {
  test('kill -9 while the change waits to write its audit entry leaves none of it; run again, all of it', async () => {
    const url = await createDatabase(inject('postgresUrl'));
    const store = await PgStore.open(url, 4);
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      const { enquiry, id } = await withApplication(store, 'Killed');
      const before = await written(store, enquiry._id);
      // One process (tsx's own command would run the script in a child of its own, which a kill would not reach).
      const action = async () => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'tests/helpers/applicationAction.ts', url, enquiry._id, id, 'submitted'],
          {
            cwd: ROOT,
            stdio: ['pipe', 'pipe', 'inherit'],
          },
        );
        const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
        await once(child.stdout, 'data');
        return { child, exited, go: () => child.stdin.write('go\n') };
      };

      // The audit log taken for a moment by someone else: the action changes the application and waits to add its entry.
      const { child, exited, go } = await action();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE audit IN EXCLUSIVE MODE');
      go();
      const waiting = async (): Promise<number> => {
        // Within a transaction the activity is read once, unless its snapshot is cleared.
        await locker.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await locker.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO audit%'`,
        );
        if (rows[0]) return rows[0].pid;
        if (child.exitCode !== null) throw new Error(`The action ended (${child.exitCode}) before it waited for the audit log`);
        await delay(100);
        return waiting();
      };
      const backend = await waiting();
      // It has written the application already: its row is locked by the action's uncommitted change.
      await locker.query('SAVEPOINT probe');
      await expect(locker.query('SELECT 1 FROM applications WHERE id = $1 FOR UPDATE NOWAIT', [id])).rejects.toThrow(
        /could not obtain lock/,
      );
      await locker.query('ROLLBACK TO SAVEPOINT probe');
      child.kill('SIGKILL');
      await exited;
      await locker.query('ROLLBACK');
      // The killed process's connection ends once its server side sees it gone.
      const gone = async (): Promise<void> => {
        const { rows } = await locker.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [backend]);
        if (rows.length === 0) return;
        await delay(100);
        return gone();
      };
      await gone();
      expect(await written(store, enquiry._id)).toEqual(before);

      const again = await action();
      again.go();
      expect(await again.exited).toBe(0);
      expect(await written(store, enquiry._id)).toMatchObject({
        applications: [{ status: 'submitted', steps: 2 }],
        status: 'submitted',
        history: before.history + 1,
      });
    } finally {
      await locker.end();
      await store.close();
    }
  }, 120_000);
});
