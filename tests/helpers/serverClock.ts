import type { ChildProcess } from 'node:child_process';
import type { TestClockAnswer, TestClockRequest } from '../../api/testClock';

/**
 * The built server's time, moved by the test that started it (api/testClock.ts is the server's side).
 *
 *   const server = await startServer({ clock: '2026-12-01T04:00:00Z' }); // or clock: 'now'
 *   await server.clock.advance(25 * 60 * 60_000); // a day and an hour later
 *   new Date(await server.clock.now());
 *
 * The server's time stands still at the given moment until the test moves it: sessions, windows,
 * schedules, first-response targets and daily lists all read it. `advance` jumps the time on, then runs
 * each of the server's timers that fell due, once each, in the order they fell due (its loops that
 * run every few seconds run once, not once per interval), and resolves when all their work is done:
 * what they sent or wrote is there when it resolves, with no wait or poll. To see something happen
 * each day, move a day at a time. The time moves forward only. A browser test sets the page's clock
 * from `now()` when the page shows dates (Playwright's page.clock).
 *
 * Server-side, the server refuses TEST_CLOCK unless NODE_ENV=test, which startServer sets.
 */
export interface ServerClock {
  /** The server's time, in milliseconds since the epoch. */
  now(): Promise<number>;
  /** Moves the server's time on by `ms`; resolves with its new time once every timer that fell due has run. */
  advance(ms: number): Promise<number>;
}

/** The clock of a server started with TEST_CLOCK and an IPC channel (tests/helpers/server.ts). */
export function serverClockOf(child: ChildProcess): ServerClock {
  let nextId = 0;
  function ask(jumpMs?: number): Promise<number> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const onAnswer = (message: unknown) => {
        const answer = message as TestClockAnswer;
        if (answer?.testClock !== id) return;
        finish();
        if (answer.error !== undefined || answer.now === undefined) reject(new Error(`The server's test clock: ${answer.error}`));
        else resolve(answer.now);
      };
      const onExit = () => {
        finish();
        reject(new Error('The server exited before its clock answered'));
      };
      const finish = () => {
        child.off('message', onAnswer);
        child.off('exit', onExit);
      };
      child.on('message', onAnswer);
      child.once('exit', onExit);
      const request: TestClockRequest = { testClock: id, ...(jumpMs === undefined ? {} : { jumpMs }) };
      child.send(request, (error) => {
        if (error) {
          finish();
          reject(error);
        }
      });
    });
  }
  return { now: () => ask(), advance: (ms) => ask(ms) };
}
