import type { Channel, Notifications } from './Store';

/** A new enquiry's notifications: one pending delivery per channel, due at once. */
export function pendingNotifications(channels: Channel[], now: number): Notifications | undefined {
  if (channels.length === 0) return undefined;
  return Object.fromEntries(channels.map((channel) => [channel, { status: 'pending', attempts: 0, nextAttemptAt: now }]));
}
