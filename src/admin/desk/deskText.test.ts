import { describe, expect, test } from 'vitest';
import { fixtureWorkflow } from '../../../tests/helpers/siteData';
import { historyText } from './deskText';

describe('a contact in the history', () => {
  test('says when it was made outside the calling hours, with the hours as they were then', () => {
    const at = (time: string) => new Date(`2026-11-26T${time}:00+05:30`).toISOString();
    expect(historyText(fixtureWorkflow, { type: 'contact', channel: 'call', at: at('11:00'), by: 'owner' })).toBe('Called');
    const outsideHours = { from: '09:30', to: '18:00' };
    expect(historyText(fixtureWorkflow, { type: 'contact', channel: 'call', at: at('20:15'), by: 'owner', outsideHours })).toBe(
      'Called, outside the calling hours (09:30–18:00)',
    );
    // Hours changed later in _desk.yaml do not rewrite what was recorded.
    expect(
      historyText(fixtureWorkflow, {
        type: 'contact',
        channel: 'whatsapp',
        at: at('18:30'),
        by: 'owner',
        outsideHours: { from: '09:30', to: '18:00' },
      }),
    ).toBe('Messaged on WhatsApp, outside the calling hours (09:30–18:00)');
  });
});
