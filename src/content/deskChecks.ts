import type { Desk } from './desk.generated.js';
import { STOP_WORDS } from '../shared/whatsapp';
import { collectionWordIn } from './whatsappPolicy';
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
  problems.push(...whatsappProblems(desk));
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

/**
 * The WhatsApp messages and templates: one status update, a template, naming the reply that stops
 * updates in each language; {stage} only there; a template's text neither starting nor ending with
 * a placeholder (Meta refuses those); template names used once; and nothing that reads as a
 * demand for payment (WhatsApp's policy forbids debt collection).
 */
function whatsappProblems(desk: Desk): { pointer: string[]; message: string }[] {
  const problems: { pointer: string[]; message: string }[] = [];
  const updates = desk.whatsappMessages.filter((message) => message.purpose === 'status-update');
  if (updates.length !== 1)
    problems.push({
      pointer: ['whatsappMessages'],
      message: `has ${updates.length} messages with purpose status-update; give exactly one, the template sent to enquirers who asked for updates`,
    });
  const names = new Set<string>();
  desk.whatsappMessages.forEach((message, index) => {
    const at = ['whatsappMessages', String(index)];
    if (message.purpose === 'status-update' && !message.template)
      problems.push({ pointer: [...at, 'template'], message: 'is missing: the status update goes only as a template approved by Meta' });
    if (message.template) {
      if (names.has(message.template.name))
        problems.push({
          pointer: [...at, 'template', 'name'],
          message: `is ${message.template.name}, which another message uses; give each template its own name`,
        });
      names.add(message.template.name);
    }
    for (const [language, text] of Object.entries(message.text)) {
      const where = [...at, 'text', language];
      const word = collectionWordIn(text);
      if (word)
        problems.push({
          pointer: where,
          message: `uses “${word}”, which reads as a demand for payment: WhatsApp's policy forbids debt collection, so no message of the desk may ask for dues`,
        });
      if (message.purpose !== 'status-update' && text.includes('{stage}'))
        problems.push({ pointer: where, message: 'uses {stage}, which only the status update can fill in' });
      if (message.template && (/^\s*\{/.test(text) || /\}[\s.।!?]*$/.test(text)))
        problems.push({
          pointer: where,
          message: 'starts or ends with a placeholder, which Meta does not accept in a template; put words before and after it',
        });
      const stop = STOP_WORDS[language];
      if (message.purpose === 'status-update' && stop && !stop.some((word) => text.includes(word)))
        problems.push({ pointer: where, message: `does not say how to stop the updates; name the reply ${stop.join(' or ')}` });
    }
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
