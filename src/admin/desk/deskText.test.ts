import { describe, expect, test } from 'vitest';
import { fixtureWorkflow } from '../../../tests/helpers/siteData';
import { historyText } from './deskText';

describe('a contact in the history', () => {
  test('says when it was made outside the calling hours, by its India time', () => {
    const at = (time: string) => new Date(`2026-11-26T${time}:00+05:30`).toISOString();
    expect(historyText(fixtureWorkflow, { type: 'contact', channel: 'call', at: at('11:00'), by: 'owner' })).toBe('Called');
    expect(historyText(fixtureWorkflow, { type: 'contact', channel: 'call', at: at('20:15'), by: 'owner' })).toBe(
      'Called, outside the calling hours (09:30–19:00)',
    );
    expect(historyText(fixtureWorkflow, { type: 'contact', channel: 'whatsapp', at: at('07:50'), by: 'owner' })).toBe(
      'Messaged on WhatsApp, outside the calling hours (09:30–19:00)',
    );
  });
});
