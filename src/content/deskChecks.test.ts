import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { expect, test } from 'vitest';
import type { Desk } from './desk.generated';
import { deskProblems, openingHoursProblems } from './deskChecks';
import type { Site } from './site.generated';

const desk = parse(readFileSync(new URL('../../pages-data/_desk.yaml', import.meta.url), 'utf8')) as Desk;

test('the firm’s desk file has a known contacted step and every message in every language', () => {
  expect(deskProblems(desk, ['en', 'mr', 'hi'])).toEqual([]);
});

test('a contacted step that is no status, and a message missing a language, are each named at their place', () => {
  const broken: Desk = {
    ...desk,
    contactedStatus: 'called',
    whatsappMessages: [
      desk.whatsappMessages[0]!,
      { ...desk.whatsappMessages[1]!, text: { en: desk.whatsappMessages[1]!.text.en! } },
      ...desk.whatsappMessages.slice(2),
    ],
  };
  expect(deskProblems(broken, ['en', 'mr', 'hi'])).toEqual([
    {
      pointer: ['contactedStatus'],
      message: 'is called, which is not one of the statuses (new, contacted, documents-pending, submitted, sanctioned, disbursed, closed)',
    },
    { pointer: ['whatsappMessages', '1', 'text'], message: 'has no text in mr, hi; write the message in every language of the site' },
  ]);
});

test('opening hours that end before they start are named at their place', () => {
  const site = {
    openingHours: [
      { days: ['Monday'], opens: '10:00', closes: '18:30' },
      { days: ['Saturday'], opens: '14:00', closes: '10:00' },
    ],
  } as Site;
  expect(openingHoursProblems(site)).toEqual([
    {
      pointer: ['openingHours', '1', 'closes'],
      message: 'is 10:00, which is not later than opens (14:00); the working day must end after it starts',
    },
  ]);
});

test('WhatsApp templates: one status update naming how to stop, no collection wording, placeholders inside the text, names once', () => {
  const [first, , , update] = desk.whatsappMessages;
  expect(update!.purpose).toBe('status-update');
  const broken: Desk = {
    ...desk,
    whatsappMessages: [
      { ...first!, text: { ...first!.text, en: 'Namaste {name}, your EMI due is overdue: please pay now to avoid a penalty.' } },
      {
        ...first!,
        id: 'second',
        template: { name: first!.template!.name, category: 'utility' },
        text: { ...first!.text, mr: '{name}, तुमची थकबाकी भरा, {firm}' },
      },
      { ...update!, text: { ...update!.text, hi: 'नमस्ते {name}, {firm} की ओर से जानकारी: {stage}। धन्यवाद।' } },
      {
        ...first!,
        id: 'third',
        purpose: 'other',
        template: undefined,
        text: { ...first!.text, en: 'Namaste {name}, your enquiry is at {stage} now.' },
      },
    ],
  };
  expect(deskProblems(broken, ['en', 'mr', 'hi'])).toEqual([
    {
      pointer: ['whatsappMessages', '0', 'text', 'en'],
      message:
        "uses “overdue”, which reads as a demand for payment: WhatsApp's policy forbids debt collection, so no message of the desk may ask for dues",
    },
    {
      pointer: ['whatsappMessages', '1', 'template', 'name'],
      message: 'is vf_first_reply, which another message uses; give each template its own name',
    },
    {
      pointer: ['whatsappMessages', '1', 'text', 'mr'],
      message:
        "uses “थकबाकी”, which reads as a demand for payment: WhatsApp's policy forbids debt collection, so no message of the desk may ask for dues",
    },
    {
      pointer: ['whatsappMessages', '1', 'text', 'mr'],
      message: 'starts or ends with a placeholder, which Meta does not accept in a template; put words before and after it',
    },
    { pointer: ['whatsappMessages', '2', 'text', 'hi'], message: 'does not say how to stop the updates; name the reply बंद' },
    { pointer: ['whatsappMessages', '3', 'text', 'en'], message: 'uses {stage}, which only the status update can fill in' },
  ]);
  expect(deskProblems({ ...desk, whatsappMessages: [first!] }, ['en', 'mr', 'hi'])).toEqual([
    {
      pointer: ['whatsappMessages'],
      message: 'has 0 messages with purpose status-update; give exactly one, the template sent to enquirers who asked for updates',
    },
  ]);
});

test('calling hours that end before they start are named at their place', () => {
  const broken: Desk = { ...desk, callingHours: { from: '18:00', to: '09:30', sources: desk.callingHours!.sources } };
  expect(deskProblems(broken, ['en', 'mr', 'hi'])).toEqual([
    {
      pointer: ['callingHours', 'to'],
      message: 'is 09:30, which is not later than from (18:00); the calling hours must end after they start',
    },
  ]);
});
