import type { Clock } from './clock';
import { manualClock } from './manualClock';

/**
 * The built server's test clock. With TEST_CLOCK set (to `now`, or an ISO 8601 moment such as
 * `2026-12-01T04:00:00Z`), the server's time stands still at that moment and moves only when the
 * process that started it says so, over the IPC channel Node opens between a parent and its child
 * (no port, no file): tests/helpers/serverClock.ts is that parent's side, and documents the messages.
 * Each move jumps the time, then runs every timer that fell due, once (ManualClock.jump).
 *
 * It is for tests alone: the server refuses to start with it unless NODE_ENV=test (testClockRefusal, in production.ts),
 * so no deployment runs on a clock that stands still.
 */
export const TEST_CLOCK = 'TEST_CLOCK';

/** What a test sends: move the time on by `ms` (jump), or only tell it. */
export interface TestClockRequest {
  testClock: number;
  jumpMs?: number;
}
/** What the server answers each request with: the time after it, or why it failed. */
export interface TestClockAnswer {
  testClock: number;
  now?: number;
  error?: string;
}

/** Where the test's requests come from and answers go: the server's own process, when started with an IPC channel. */
export interface ClockChannel {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  send?(message: TestClockAnswer): unknown;
}

/** Why the server must not start with TEST_CLOCK as it is set, or undefined when it may. */
export function testClockRefusal(env: NodeJS.ProcessEnv): string | undefined {
  if (!env[TEST_CLOCK] || env.NODE_ENV === 'test') return undefined;
  return `${TEST_CLOCK} is set, but NODE_ENV is ${env.NODE_ENV ? `"${env.NODE_ENV}"` : 'not set'}: the test clock stands still until a test moves it, so the server refuses it anywhere but in tests (NODE_ENV=test). Remove ${TEST_CLOCK} from this server's environment.`;
}

function startOf(raw: string): number {
  if (raw === 'now') return Date.now();
  const start = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(raw) ? Date.parse(raw) : NaN;
  if (Number.isNaN(start)) throw new Error(`${TEST_CLOCK} must be "now" or a moment such as 2026-12-01T04:00:00Z, not "${raw}"`);
  return start;
}

/**
 * The server's clock: the system's, or under TEST_CLOCK one that its parent process moves through
 * `channel` (the process itself, when started with an IPC channel). The server's entry (production.ts)
 * has refused TEST_CLOCK outside tests before this runs, as it must before it overwrites NODE_ENV.
 */
export function serverClock(
  env: NodeJS.ProcessEnv,
  channel: ClockChannel,
  system: Clock,
  log: (fields: Record<string, unknown>) => void,
): Clock {
  const raw = env[TEST_CLOCK];
  if (!raw) return system;
  const send = channel.send?.bind(channel);
  if (!send)
    throw new Error(
      `${TEST_CLOCK} needs the server started with an IPC channel to be moved through, as tests/helpers/server.ts starts it.`,
    );
  const clock = manualClock(startOf(raw));
  // One move at a time, in the order they were asked for.
  let queue = Promise.resolve();
  channel.on('message', (message: unknown) => {
    if (typeof message !== 'object' || message === null || typeof (message as TestClockRequest).testClock !== 'number') return;
    const { testClock: id, jumpMs = 0 } = message as TestClockRequest;
    queue = queue.then(async () => {
      let answer: TestClockAnswer;
      try {
        if (!Number.isFinite(jumpMs) || jumpMs < 0) throw new Error(`the test clock moves forward only, not by ${jumpMs} ms`);
        await clock.jump(jumpMs);
        answer = { testClock: id, now: clock.now() };
      } catch (error) {
        answer = { testClock: id, error: (error as Error).message };
      }
      send(answer);
    });
  });
  log({
    level: 'warn',
    msg: `${TEST_CLOCK}: the time stands still at ${new Date(clock.now()).toISOString()} and moves only when the test that started this server moves it.`,
  });
  return clock;
}
