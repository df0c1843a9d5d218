import { expect, test } from 'vitest';
import { eachStore } from '../../tests/helpers/eachStore';

/** The counters the form limits, the sign-in lockouts, the read allowance and the assignment turns count in. */
eachStore('rate-limit and lockout windows', (fresh) => {
  test('windows: count, peek, refund, reset, and start again once the window has passed', async () => {
    const { store, clock } = await fresh();
    expect(await store.windows.count('ip:1', 60_000)).toEqual({ count: 1, resetAt: clock.now() + 60_000 });
    expect((await store.windows.count('ip:1', 60_000)).count).toBe(2);
    expect((await store.windows.count('ip:1', 60_000, 0)).count).toBe(2);
    expect((await store.windows.count('ip:1', 60_000, -1)).count).toBe(1);
    expect(await store.windows.count('ip:2', 60_000, 0)).toEqual({ count: 0, resetAt: clock.now() + 60_000 });
    await store.windows.reset('ip:1');
    expect((await store.windows.count('ip:1', 60_000, 0)).count).toBe(0);
    expect((await store.windows.count('short', 150)).count).toBe(1);
    await clock.advance(149);
    expect((await store.windows.count('short', 150, 0)).count).toBe(1);
    await clock.advance(1);
    expect((await store.windows.count('short', 150, 0)).count).toBe(0);
    expect((await store.windows.count('short', 150)).count).toBe(1);
  });

  test('a short window never ends a long one', async () => {
    const { store, clock } = await fresh();
    await store.windows.count('login-account:owner', 60_000, 5);
    await store.windows.count('enquiry:1.2.3.4', 100);
    await clock.advance(200);
    await store.windows.count('enquiry:1.2.3.4', 100);
    expect((await store.windows.count('login-account:owner', 60_000, 0)).count).toBe(5);
  });

  test('counts every event when many arrive at once', async () => {
    const { store } = await fresh();
    await Promise.all(Array.from({ length: 50 }, () => store.windows.count('busy', 60_000)));
    expect((await store.windows.count('busy', 60_000, 0)).count).toBe(50);
  });
});
