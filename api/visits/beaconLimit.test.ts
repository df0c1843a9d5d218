import { expect, test } from 'vitest';
import { manualClock } from '../../tests/helpers/manualClock';
import { beaconLimit, MAX_CLIENTS_A_MINUTE } from './beaconLimit';

test('a client has its page views counted up to the limit in a minute, then again the next minute; an IPv6 client by its /64', async () => {
  const clock = manualClock();
  const allow = beaconLimit(60, clock);
  const counted = (address: string, times: number) => Array.from({ length: times }, () => allow(address)).filter(Boolean).length;
  expect(counted('203.0.113.7', 10_000)).toBe(60);
  expect(counted('203.0.113.8', 10)).toBe(10);
  expect(counted('2001:db8:1:2::1', 40) + counted('2001:db8:1:2:ffff::9', 40)).toBe(60);
  await clock.advance(60_000);
  expect(counted('203.0.113.7', 100)).toBe(60);
});

test('past the clients a minute can hold, a new client waits for the next minute; 0 turns the limit off', async () => {
  const clock = manualClock();
  const allow = beaconLimit(60, clock);
  for (let client = 0; client < MAX_CLIENTS_A_MINUTE; client++) allow(`10.${client >> 16}.${(client >> 8) & 255}.${client & 255}`);
  expect(allow('10.0.0.0')).toBe(true);
  expect(allow('203.0.113.7')).toBe(false);
  await clock.advance(60_000);
  expect(allow('203.0.113.7')).toBe(true);
  const unlimited = beaconLimit(0, clock);
  expect(Array.from({ length: 1000 }, () => unlimited('203.0.113.7')).every(Boolean)).toBe(true);
});
