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
    whatsappMessages: [desk.whatsappMessages[0]!, { ...desk.whatsappMessages[1]!, text: { en: desk.whatsappMessages[1]!.text.en! } }],
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

test('calling hours that end before they start are named at their place', () => {
  const broken: Desk = { ...desk, callingHours: { from: '18:00', to: '09:30', sources: desk.callingHours!.sources } };
  expect(deskProblems(broken, ['en', 'mr', 'hi'])).toEqual([
    {
      pointer: ['callingHours', 'to'],
      message: 'is 09:30, which is not later than from (18:00); the calling hours must end after they start',
    },
  ]);
});
