import type { Desk } from './desk.generated.js';
import type { Site } from './site.generated.js';

/**
 * What the desk schema cannot see: the step a contacted enquiry moves to must be one of the
 * statuses, each WhatsApp message and each checklist's document must be written in every language of the site, and the
 * calling hours must end after they start.
 */
export function deskProblems(desk: Desk, languages: readonly string[]): { pointer: string[]; message: string }[] {
  const problems: { pointer: string[]; message: string }[] = [];
  if (!desk.statuses.some((status) => status.id === desk.contactedStatus))
    problems.push({
      pointer: ['contactedStatus'],
      message: `is ${desk.contactedStatus}, which is not one of the statuses (${desk.statuses.map((status) => status.id).join(', ')})`,
    });
  desk.whatsappMessages.forEach((message, index) => {
    const missing = languages.filter((code) => !(code in message.text));
    if (missing.length > 0)
      problems.push({
        pointer: ['whatsappMessages', String(index), 'text'],
        message: `has no text in ${missing.join(', ')}; write the message in every language of the site`,
      });
  });
  const unnamed = languages.filter((code) => !(code in desk.advisorWithoutName));
  if (unnamed.length > 0)
    problems.push({
      pointer: ['advisorWithoutName'],
      message: `has no words in ${unnamed.join(', ')}; write them in every language of the site`,
    });
  desk.applications?.enquiryStatus.forEach((rule, index) => {
    if (!desk.statuses.some((status) => status.id === rule.status))
      problems.push({
        pointer: ['applications', 'enquiryStatus', String(index), 'status'],
        message: `is ${rule.status}, which is not one of the statuses`,
      });
  });
  desk.documents?.checklists.forEach((checklist, list) =>
    checklist.documents.forEach((document, index) => {
      const missing = languages.filter((code) => !(code in document));
      if (missing.length > 0)
        problems.push({
          pointer: ['documents', 'checklists', String(list), 'documents', String(index)],
          message: `has no name in ${missing.join(', ')}; name the document in every language of the site`,
        });
    }),
  );
  const calling = desk.callingHours;
  if (calling && calling.to <= calling.from)
    problems.push({
      pointer: ['callingHours', 'to'],
      message: `is ${calling.to}, which is not later than from (${calling.from}); the calling hours must end after they start`,
    });
  return problems;
}

/** What the site schema cannot see: each day's opening hours must end after they start (the first-response clock and the daily list run in them). */
export function openingHoursProblems(site: Site): { pointer: string[]; message: string }[] {
  return (site.openingHours ?? []).flatMap((hours, index) =>
    hours.closes <= hours.opens
      ? [
          {
            pointer: ['openingHours', String(index), 'closes'],
            message: `is ${hours.closes}, which is not later than opens (${hours.opens}); the working day must end after it starts`,
          },
        ]
      : [],
  );
}
