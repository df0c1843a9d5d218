import path from 'node:path';
import { expect, test } from 'vitest';
import { checkContent } from '../../src/content/checkContent';
import { diskFolder } from '../../src/content/contentFolder';
import type { DailyList, DailyListItem } from '../../src/shared/dailyList';
import { SiteContent } from '../site/siteContent';
import { dailyListMessage } from './dailyListMessage';

const content = SiteContent.of(checkContent(diskFolder(path.resolve(import.meta.dirname, '../../pages-data'))));
const item = (id: string, firstName: string | null, extra: Partial<DailyListItem> = {}): DailyListItem => ({
  id,
  reference: `VF-0000-000${id}`,
  firstName,
  createdAt: '2026-11-28T04:30:00.000Z',
  followUpOn: null,
  firstResponseDueAt: null,
  ...extra,
});
const list: DailyList = {
  day: '2026-11-30',
  since: '2026-11-28T04:00:00.000Z',
  followUps: { items: [item('1', 'Kiran', { followUpOn: '2026-11-27' }), item('2', 'Sunita', { followUpOn: '2026-11-30' })], total: 2 },
  assigned: { items: [item('3', null)], total: 23 },
  overdue: { items: [], total: 0 },
};

test('the list in English: each enquiry by first name and reference, what is due, and its link; how many more wait', () => {
  const message = dailyListMessage(content, { displayNames: { en: 'Asha Patil' } }, list, 'https://firm.example');
  expect(message.subject).toMatch(/^Your list for 30 November 2026 – .+$/);
  expect(message.text.split('\n')).toEqual(
    expect.arrayContaining([
      'Namaste Asha Patil,',
      'Follow-ups due today or earlier (2)',
      '- Kiran (VF-0000-0001), follow-up on 27 November 2026: https://firm.example/table?enquiry=1',
      '- Sunita (VF-0000-0002), follow-up on 30 November 2026: https://firm.example/table?enquiry=2',
      'Enquiries given to you since 28 November 2026, 09:30 (23)',
      '- Enquirer (VF-0000-0003), received 28 November 2026, 10:00: https://firm.example/table?enquiry=3',
      'And 22 more on the desk.',
      'Past the first-response target with no call yet (0)',
      'None.',
      'Open the lead desk: https://firm.example/table',
    ]),
  );
  expect(message.html).toContain(
    '<li><a href="https://firm.example/table?enquiry=1">Kiran (VF-0000-0001)</a>, follow-up on 27 November 2026</li>',
  );
});

test('in the language chosen for the advisor, with its month names and the advisor’s name in it; a language the site does not have falls back to English', () => {
  const names = { en: 'Asha Patil', mr: 'आशा पाटील', hi: 'आशा पाटिल' };
  const marathi = dailyListMessage(content, { displayNames: names, emailLanguage: 'mr' }, list, 'https://firm.example');
  expect(marathi.subject).toMatch(/^30 नोव्हेंबर 2026 ची तुमची यादी – /);
  expect(marathi.text.split('\n')[0]).toBe('नमस्कार आशा पाटील,');
  expect(marathi.text).toContain('- Kiran (VF-0000-0001), पाठपुरावा 27 नोव्हेंबर 2026 रोजी: https://firm.example/table?enquiry=1');
  expect(marathi.text).toContain('- ग्राहक (VF-0000-0003), 28 नोव्हेंबर 2026, 10:00 रोजी आली');
  const hindi = dailyListMessage(content, { displayNames: names, emailLanguage: 'hi' }, list, 'https://firm.example');
  expect(hindi.text.split('\n')[0]).toBe('नमस्ते आशा पाटिल,');
  expect(hindi.text).toContain('डेस्क पर और 22 हैं।');
  expect(dailyListMessage(content, { displayNames: names, emailLanguage: 'ta' }, list, 'https://firm.example').text).toContain(
    'Namaste Asha Patil,',
  );
  // Without a Marathi name, the English one; without any, a greeting with no name: never the username.
  const english = dailyListMessage(content, { displayNames: { en: 'Asha Patil' }, emailLanguage: 'mr' }, list, 'https://firm.example');
  expect(english.text.split('\n')[0]).toBe('नमस्कार Asha Patil,');
  expect(dailyListMessage(content, { emailLanguage: 'hi' }, list, 'https://firm.example').text.split('\n')[0]).toBe('नमस्ते,');
});

test('markup in a first name or an advisor’s name never becomes markup in the e-mail', () => {
  const hostile: DailyList = { ...list, followUps: { items: [item('<b>', 'Ann<i>')], total: 1 } };
  const message = dailyListMessage(content, { displayNames: { en: 'a<b>' } }, hostile, 'https://firm.example');
  expect(message.html).not.toMatch(/<b>|<i>/);
  expect(message.html).toContain('Ann&lt;i&gt;');
});

test("the list's words stay on the server: no page's data carries them", () => {
  for (const language of ['en', 'mr', 'hi']) expect(Object.keys(content.siteData(language).words.ui)).not.toContain('dailyList');
});
