import type { HistoryEntry, WhatsAppEvent } from '../../shared/deskEnquiry';
import type { DeskWorkflow } from '../../shared/deskWorkflow';
import { formatIsoDate } from '../../shared/formatDate';
import type { FormKind } from '../../shared/forms/formSchemas';
import { requestOfChannel, type Channel, type DeliveryState, type DocumentsChannel, type Notifications } from '../../shared/storedEnquiry';

export const FORM_NAMES: Record<FormKind, string> = { contact: 'Contact Us', about: 'About page' };

/** The site's three languages, by their ids: those an advisor speaks, and those a daily list is written in. */
export const LANGUAGE_NAMES = [
  { id: 'en', label: 'English' },
  { id: 'mr', label: 'Marathi' },
  { id: 'hi', label: 'Hindi' },
];

/** The firm's wording for a list that failed to load, per form (both forms: the contact wording). */
export const LIST_FAILED: Record<FormKind, string> = {
  about: 'Error: Failed to fetch about data',
  contact: 'Error: Failed to fetch contact data',
};

export function statusText(workflow: DeskWorkflow, status: string, reason?: string): string {
  const label = workflow.statusLabel(status);
  return reason ? `${label} (${workflow.closedReasonLabel(reason).toLowerCase()})` : label;
}

/** One line of an enquiry's history, as staff read it (the who and when are shown beside it). */
export function historyText(workflow: DeskWorkflow, entry: HistoryEntry): string {
  switch (entry.type) {
    case 'status':
      return `Status changed from ${workflow.statusLabel(entry.from)} to ${statusText(workflow, entry.to, entry.reason)}`;
    case 'follow-up':
      return entry.on ? `Follow-up set for ${formatIsoDate(entry.on)}` : 'Follow-up cleared';
    case 'note':
      return entry.contact ? 'Note of a contact with the enquirer' : 'Note';
    case 'contact': {
      const hours = entry.outsideHours;
      const outside = hours ? `, outside the calling hours (${hours.from}–${hours.to})` : '';
      const template = entry.template ? ` (${workflow.messageLabel(entry.template)})` : '';
      if (entry.channel === 'call') return `Called${outside}`;
      // Sent from the desk through the Cloud API: a reply, or a template once the 24 hours are over.
      if (entry.messageId) return entry.template ? `Sent a WhatsApp template${template}${outside}` : `Replied on WhatsApp${outside}`;
      return `Messaged on WhatsApp${template}${outside}`;
    }
    case 'assignment': {
      const rule = entry.rule ? ` by the ${entry.rule === 'turns' ? 'turns' : 'language'} rule` : '';
      return entry.to ? `Assigned to ${entry.to}${rule}` : 'Unassigned';
    }
    case 'whatsapp':
      return WHATSAPP_EVENTS[entry.event];
  }
}

const WHATSAPP_EVENTS: Record<WhatsAppEvent, string> = {
  'status-update': 'Status update sent on WhatsApp',
  linked: 'WhatsApp conversation put on this enquiry',
  stopped: 'Asked on WhatsApp for no more status updates (STOP)',
};

const CHANNEL_NAMES: Record<Exclude<Channel, DocumentsChannel>, string> = {
  email: 'E-mail',
  webhook: 'Webhook',
  acknowledgement: 'Acknowledgement to the enquirer',
  'escalation-email': 'Overdue e-mail to the owners',
  'escalation-webhook': 'Overdue webhook',
};

/** "E-mail: delivered, Webhook: pending (3 tries)". */
export function notificationSummary(notifications: Notifications): string {
  return (Object.entries(notifications) as [Channel, DeliveryState][])
    .map(([channel, state]) => {
      const tries =
        state.status !== 'delivered' && state.attempts > 0 ? ` (${state.attempts} ${state.attempts === 1 ? 'try' : 'tries'})` : '';
      const name =
        requestOfChannel(channel) === undefined ? CHANNEL_NAMES[channel as keyof typeof CHANNEL_NAMES] : 'Documents link by e-mail';
      return `${name}: ${state.status}${tries}`;
    })
    .join(', ');
}

export { plural } from '../../shared/plural';
