import { EventEmitter } from 'node:events';
import { describe, expect, test } from 'vitest';
import { systemClock } from './clock';
import { serverClock, testClockRefusal, type TestClockAnswer } from './testClock';

describe('the test clock is refused outside tests', () => {
  test.each([
    [{ TEST_CLOCK: 'now', NODE_ENV: 'production' }, 'NODE_ENV is "production"'],
    [{ TEST_CLOCK: 'now' }, 'NODE_ENV is not set'],
    [{ TEST_CLOCK: '2026-12-01T04:00:00Z', NODE_ENV: 'development' }, 'NODE_ENV is "development"'],
  ])('%o', (env, reason) => {
    expect(testClockRefusal(env)).toContain(reason);
    expect(testClockRefusal(env)).toContain('Remove TEST_CLOCK');
  });

  test('and allowed in them, or when it is not set', () => {
    expect(testClockRefusal({ TEST_CLOCK: 'now', NODE_ENV: 'test' })).toBeUndefined();
    expect(testClockRefusal({ NODE_ENV: 'production' })).toBeUndefined();
  });
});

/** The server's end of the IPC channel: messages come in as events, answers are collected. */
function fakeChannel() {
  const events = new EventEmitter();
  const answers: TestClockAnswer[] = [];
  return {
    channel: {
      on: (event: 'message', listener: (message: unknown) => void) => events.on(event, listener),
      send: (answer: TestClockAnswer) => answers.push(answer),
    },
    answers,
    emit: (message: unknown) => events.emit('message', message),
    ask: async (message: unknown) => {
      const before = answers.length;
      events.emit('message', message);
      await expect.poll(() => answers.length).toBe(before + 1);
      return answers.at(-1)!;
    },
  };
}

const START = '2026-12-01T04:00:00Z';
const env = { TEST_CLOCK: START, NODE_ENV: 'test' };

describe('the server on the test clock', () => {
  test('without TEST_CLOCK it is the system clock', () => {
    expect(serverClock({}, fakeChannel().channel, systemClock, () => {})).toBe(systemClock);
  });

  test('stands still at its moment, says so in the log, and jumps when asked: each timer that fell due runs once', async () => {
    const { channel, ask } = fakeChannel();
    const log: Record<string, unknown>[] = [];
    const clock = serverClock(env, channel, systemClock, (fields) => log.push(fields));
    expect(log).toEqual([
      {
        level: 'warn',
        msg: `TEST_CLOCK: the time stands still at 2026-12-01T04:00:00.000Z and moves only when the test that started this server moves it.`,
      },
    ]);
    expect(clock.now()).toBe(Date.parse(START));

    const runs: number[] = [];
    const every5s = (): unknown => clock.after(5_000, () => (runs.push(clock.now()), every5s()));
    every5s();
    const once = clock.after(60_000, () => new Promise((resolve) => setTimeout(() => resolve(runs.push(-1)), 10)));
    expect(await ask({ testClock: 7, jumpMs: 120_000 })).toEqual({ testClock: 7, now: Date.parse(START) + 120_000 });
    // The loop ran once at the new time, not 24 times; the task's work was finished before the answer.
    expect(runs.sort()).toEqual([-1, Date.parse(START) + 120_000]);
    once();
    expect(await ask({ testClock: 8 })).toEqual({ testClock: 8, now: Date.parse(START) + 120_000 });
  });

  test('refuses to move back, and ignores messages that are not for it', async () => {
    const { channel, ask, emit, answers } = fakeChannel();
    const clock = serverClock(env, channel, systemClock, () => {});
    expect(await ask({ testClock: 1, jumpMs: -1 })).toEqual({ testClock: 1, error: 'the test clock moves forward only, not by -1 ms' });
    emit({ jumpMs: 1000 });
    emit('advance');
    expect(await ask({ testClock: 2, jumpMs: 1 })).toEqual({ testClock: 2, now: Date.parse(START) + 1 });
    expect(answers).toHaveLength(2);
    expect(clock.now()).toBe(Date.parse(START) + 1);
  });

  test('"now" starts at the real time; anything else but a moment is refused, as is a server with no channel to be moved through', () => {
    const before = Date.now();
    const clock = serverClock({ ...env, TEST_CLOCK: 'now' }, fakeChannel().channel, systemClock, () => {});
    expect(clock.now()).toBeGreaterThanOrEqual(before);
    expect(clock.now()).toBeLessThanOrEqual(Date.now());
    expect(() => serverClock({ ...env, TEST_CLOCK: 'tomorrow' }, fakeChannel().channel, systemClock, () => {})).toThrow(
      'TEST_CLOCK must be "now" or a moment such as 2026-12-01T04:00:00Z, not "tomorrow"',
    );
    expect(() => serverClock(env, { on: fakeChannel().channel.on, send: undefined }, systemClock, () => {})).toThrow(
      'TEST_CLOCK needs the server started with an IPC channel',
    );
  });
});
