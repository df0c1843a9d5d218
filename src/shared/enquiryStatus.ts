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
  /** The name of the advisor it is assigned to in the page's language (displayNameOf), when one is set. */
  advisor?: string;
  /** The documents asked for through links not revoked, and whether each has arrived. */
  documents?: { label: string; received: boolean }[];
}
