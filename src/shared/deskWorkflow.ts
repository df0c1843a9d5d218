import type { Desk } from '../content/desk.generated';
import type { StatusStage } from './enquiryStatus';

/** The desk's steps and closing reasons from pages-data/_desk.yaml, for the server's checks and the desk's menus. */
export function deskWorkflow(desk: Desk) {
  const statusById = (id: string) => desk.statuses.find((status) => status.id === id);
  return {
    statuses: desk.statuses,
    closedReasons: desk.closedReasons,
    statusById,
    statusLabel: (id: string) => statusById(id)?.label ?? id,
    closedReasonLabel: (id: string) => desk.closedReasons.find((reason) => reason.id === id)?.label ?? id,
    messages: desk.whatsappMessages,
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
  };
}

export type DeskWorkflow = ReturnType<typeof deskWorkflow>;
