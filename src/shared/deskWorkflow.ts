import type { Desk } from '../content/desk.generated';
import { displayNameOf, type DisplayNames } from './accounts';
import { ALL_HOURS, type WorkingHours } from './workingTime';
import { outsideCallingHours } from './callingHours';
import type { ApplicationStatus, Lender } from './applications';
import type { StatusStage } from './enquiryStatus';

/** The desk's steps and closing reasons from pages-data/_desk.yaml (and the firm's hours from _site.yaml), for the server's checks and the desk's menus. */
export function deskWorkflow(desk: Desk, openingHours: WorkingHours | undefined) {
  const statusById = (id: string) => desk.statuses.find((status) => status.id === id);
  return {
    statuses: desk.statuses,
    closedReasons: desk.closedReasons,
    statusById,
    statusLabel: (id: string) => statusById(id)?.label ?? id,
    closedReasonLabel: (id: string) => desk.closedReasons.find((reason) => reason.id === id)?.label ?? id,
    messages: desk.whatsappMessages,
    /**
     * The advisor's name as an enquirer reads it in a message in `language`: the account's display
     * name in it, else its English one, else "your advisor" in that language; never the username.
     */
    advisorName: (account: { displayNames?: DisplayNames } | undefined, language: string): string =>
      displayNameOf(account, language) ?? desk.advisorWithoutName[language] ?? desk.advisorWithoutName.en!,
    messageLabel: (id: string) => desk.whatsappMessages.find((message) => message.id === id)?.label ?? id,
    /** The step a New enquiry moves to when an advisor calls it or messages it from the desk. */
    contacted: { from: desk.statuses[0]!.id, to: desk.contactedStatus },
    /** The stage the status page shows an enquirer for a step (an unknown step reads as received). */
    stageOf: (id: string): StatusStage => {
      const status = statusById(id);
      return status?.stage ?? (status?.final ? 'decided' : 'received');
    },
    /** Steps that end the work: their enquiries are never due or overdue. */
    finalStatuses: desk.statuses.filter((status) => status.final).map((status) => status.id),
    /** The firm's working hours (_site.yaml's openingHours, the one place they are written), if it gives them. */
    workingHours: openingHours?.length ? openingHours : undefined,
    /**
     * The first-response target, if the firm sets one, and the working hours it runs in: the firm's
     * opening hours (_site.yaml, the one place they are written), or every hour without them.
     */
    firstResponse: desk.firstResponse && {
      minutes: desk.firstResponse.minutes,
      hours: openingHours?.length ? openingHours : ALL_HOURS,
    },
    /** The hours advisors call or message enquirers in, if the firm sets them. */
    callingHours: desk.callingHours && { from: desk.callingHours.from, to: desk.callingHours.to },
    /** Whether a moment is outside the calling hours (never, when the firm sets none). */
    outsideCallingHours: (moment: Date | string | number) => (desk.callingHours ? outsideCallingHours(moment, desk.callingHours) : false),
    /** The lenders applications go to. */
    lenders: (desk.applications?.lenders ?? []) as Lender[],
    /**
     * The status an enquiry moves to because of its applications, by _desk.yaml's rule: the first
     * rule any of them matches, when it is a later step than `current` and `current` is not final.
     */
    statusFromApplications(current: string, applications: readonly { status: ApplicationStatus }[]): string | undefined {
      const rule = (desk.applications?.enquiryStatus ?? []).find((candidate) =>
        applications.some((application) => (candidate.whenAny as string[]).includes(application.status)),
      );
      const order = (id: string) => desk.statuses.findIndex((status) => status.id === id);
      if (!rule || statusById(current)?.final || order(rule.status) <= order(current)) return undefined;
      return rule.status;
    },
    /** How new enquiries are assigned as they arrive, if at all. */
    assignmentRule: desk.assignment?.rule,
  };
}

export type DeskWorkflow = ReturnType<typeof deskWorkflow>;
