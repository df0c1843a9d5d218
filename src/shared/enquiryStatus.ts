/** The stages an enquirer sees on the status page, in order (the words are _ui.yaml's status.stages; each desk status names one in _desk.yaml). */
export const STATUS_STAGES = ['received', 'assigned', 'documents', 'submitted', 'decided', 'closed'] as const;
export type StatusStage = (typeof STATUS_STAGES)[number];

/** The status page's route in the site's first language (/mr/status and /hi/status in the others). */
export const STATUS_PATH = '/status';

/** What POST /api/status answers for an enquiry: its reference, the stage it is at, and the day it arrived (India time). */
export interface StatusAnswer {
  reference: string;
  stage: StatusStage;
  /** YYYY-MM-DD. */
  receivedOn: string;
  /** The first name of the advisor it is assigned to (advisorFirstName), when it has one. */
  advisor?: string;
  /** The documents asked for through links not revoked, and whether each has arrived. */
  documents?: { label: string; received: boolean }[];
}

/**
 * The first name an enquirer is told for an advisor: the first part of the account's username
 * (asha.patil, asha_p and asha2 are all Asha), so usernames are made of the advisor's name. A
 * username that names no person (admin, office) gives none.
 */
export function advisorFirstName(username: string): string | undefined {
  const first = /^[a-z]+/i.exec(username)?.[0];
  if (!first || first.length < 2 || /^(admin|office|owner|staff|desk|team|info)$/i.test(first)) return undefined;
  return first[0]!.toUpperCase() + first.slice(1).toLowerCase();
}
