import { ADMIN_PAGES } from '../../src/shared/adminPages';
import { indiaClockTime } from '../../src/shared/callingHours';
import type { DailyList, DailyListItem, DailyListSection } from '../../src/shared/dailyList';
import { displayNameOf } from '../../src/shared/accounts';
import { escapeHtml } from '../../src/shared/escapeHtml';
import { formatIsoDate } from '../../src/shared/formatDate';
import { indiaDate } from '../../src/shared/indiaTime';
import { fill } from '../../src/shared/languages';
import type { SiteContent } from '../site/siteContent';
import type { Account } from '../store/Store';
import type { EnquiryMessage } from './enquiryMessage';
import { enquiryLink } from './escalationMessage';

/**
 * The daily list as the advisor's e-mail, in the language chosen for them (the site's first
 * when none is, or when the site no longer has it), in words that are content: `dailyList` in
 * each language's _ui.yaml. Each enquiry is its first name, its reference, what is due and the
 * link that opens it on the desk; nothing else an enquirer wrote is in it.
 */
export function dailyListMessage(
  content: SiteContent,
  account: Pick<Account, 'displayNames' | 'emailLanguage'>,
  list: DailyList,
  siteUrl: string,
): EnquiryMessage {
  const language = content.languages.has(account.emailLanguage) ? account.emailLanguage : content.languages.source;
  const { ui } = content.wordsOf(language);
  const words = ui.dailyList;
  const date = (isoDate: string) => formatIsoDate(isoDate, ui.shell.months);
  const time = (iso: string) => `${date(indiaDate(iso))}, ${indiaClockTime(iso)}`;
  const firm = content.siteData(language).site.name;

  const sections: { heading: string; section: DailyListSection; detail: (item: DailyListItem) => string }[] = [
    {
      heading: fill(words.followUps, { count: String(list.followUps.total) }),
      section: list.followUps,
      detail: (item) => fill(words.followUpOn, { date: item.followUpOn ? date(item.followUpOn) : '' }),
    },
    {
      heading: fill(words.assigned, { count: String(list.assigned.total), since: time(list.since) }),
      section: list.assigned,
      detail: (item) => fill(words.receivedAt, { time: time(item.createdAt) }),
    },
    {
      heading: fill(words.overdue, { count: String(list.overdue.total) }),
      section: list.overdue,
      detail: (item) => fill(words.dueAt, { time: item.firstResponseDueAt ? time(item.firstResponseDueAt) : '' }),
    },
  ];
  const name = (item: DailyListItem) => `${item.firstName ?? words.noName} (${item.reference})`;
  const more = (section: DailyListSection) =>
    section.total > section.items.length ? [fill(words.more, { count: String(section.total - section.items.length) })] : [];
  const deskUrl = `${siteUrl}${ADMIN_PAGES.tables}`;
  // The advisor's name in the list's language, or the English one; never the username, which is a login.
  const advisor = displayNameOf(account, language);
  const greeting = advisor === undefined ? words.greetingWithoutName : fill(words.greeting, { advisor });
  const open = fill(words.open, { deskUrl });

  const text = [
    greeting,
    '',
    words.intro,
    ...sections.flatMap(({ heading, section, detail }) => [
      '',
      heading,
      ...(section.items.length === 0
        ? [words.none]
        : section.items.map((item) => `- ${name(item)}, ${detail(item)}: ${enquiryLink(siteUrl, item.id)}`)),
      ...more(section),
    ]),
    '',
    open,
    '',
    words.why,
  ].join('\n');

  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    paragraph(greeting),
    paragraph(words.intro),
    ...sections.flatMap(({ heading, section, detail }) => [
      `<h2>${escapeHtml(heading)}</h2>`,
      section.items.length === 0
        ? paragraph(words.none)
        : `<ul>${section.items
            .map(
              (item) =>
                `<li><a href="${escapeHtml(enquiryLink(siteUrl, item.id))}">${escapeHtml(name(item))}</a>, ${escapeHtml(detail(item))}</li>`,
            )
            .join('')}</ul>`,
      ...more(section).map(paragraph),
    ]),
    `<p><a href="${escapeHtml(deskUrl)}">${escapeHtml(fill(words.open, { deskUrl }))}</a></p>`,
    paragraph(words.why),
  ].join('\n');

  return { subject: fill(words.subject, { date: date(list.day), firm }), text, html };
}
