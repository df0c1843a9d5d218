import { expect, test } from 'vitest';
import { manualClock } from '../../tests/helpers/manualClock';
import { scheduleBackups } from './backupSchedule';

const HOUR = 60 * 60 * 1000;

/** A schedule whose backups are recorded as the times they ran; `fail` makes the next ones fail. */
function setUp(newestAgoMs?: number) {
  const clock = manualClock();
  const runs: string[] = [];
  const logged: Record<string, unknown>[] = [];
  let last = newestAgoMs === undefined ? undefined : clock.now() - newestAgoMs;
  const state = { fail: false };
  const schedule = scheduleBackups({
    everyMs: 24 * HOUR,
    clock,
    newest: () => (last === undefined ? undefined : new Date(last)),
    backUp: () => {
      if (state.fail) return Promise.reject(new Error('disk full'));
      last = clock.now();
      runs.push(new Date(last).toISOString());
      return Promise.resolve();
    },
    log: (fields) => logged.push(fields),
  });
  return { clock, runs, logged, state, schedule };
}

test('with no archive yet, it backs up at once and then every interval', async () => {
  const { clock, runs, schedule } = setUp();
  await clock.advance(0);
  expect(runs).toEqual(['2026-11-24T05:30:00.000Z']);
  await clock.advance(48 * HOUR);
  expect(runs).toEqual(['2026-11-24T05:30:00.000Z', '2026-11-25T05:30:00.000Z', '2026-11-26T05:30:00.000Z']);
  await schedule.stop();
  await clock.advance(48 * HOUR);
  expect(runs).toHaveLength(3);
});

test('a restart soon after a backup makes none until the newest is an interval old', async () => {
  const { clock, runs, logged, schedule } = setUp(20 * HOUR);
  await clock.advance(4 * HOUR - 1);
  expect(runs).toEqual([]);
  expect(logged).toEqual([{ msg: 'next backup due', at: '2026-11-24T09:30:00.000Z' }]);
  await clock.advance(1);
  expect(runs).toEqual(['2026-11-24T09:30:00.000Z']);
  await schedule.stop();
});

test('a failed backup is logged and tried again an hour later', async () => {
  const { clock, runs, logged, state, schedule } = setUp(30 * HOUR);
  state.fail = true;
  await clock.advance(0);
  expect(logged).toEqual([{ level: 'error', msg: 'backup failed', error: 'disk full' }]);
  state.fail = false;
  await clock.advance(HOUR);
  expect(runs).toEqual(['2026-11-24T06:30:00.000Z']);
  await schedule.stop();
});
