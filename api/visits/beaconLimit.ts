import { createHmac, randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import { rateKey } from '../http/clientAddress';

const MINUTE_MS = 60_000;
/** Clients counted in one minute at most: past it, a new client's page views are not counted until the minute ends. */
export const MAX_CLIENTS_A_MINUTE = 100_000;

/**
 * How many page views one client (IPv6: its /64) may have counted in a minute: `perMinute`, or
 * any number when 0. Kept in this process's memory only, for the minute under way, and never
 * stored. Not even the address is kept: each client is counted under a keyed hash of it, with a
 * key made at random for each minute and forgotten with it.
 */
export function beaconLimit(perMinute: number, clock: Clock): (address: string) => boolean {
  let minuteEnds = 0;
  let secret = randomBytes(32);
  const counted = new Map<string, number>();
  return (address) => {
    if (perMinute === 0) return true;
    const now = clock.now();
    if (now >= minuteEnds) {
      counted.clear();
      secret = randomBytes(32);
      minuteEnds = now + MINUTE_MS;
    }
    const client = createHmac('sha256', secret).update(rateKey(address)).digest('base64url').slice(0, 22);
    const soFar = counted.get(client) ?? 0;
    if (soFar >= perMinute || (soFar === 0 && counted.size >= MAX_CLIENTS_A_MINUTE)) return false;
    counted.set(client, soFar + 1);
    return true;
  };
}
