import { useId, useState, type MouseEvent } from 'react';
import type { DisplayNames } from '../../shared/accounts';
import type { DeskEnquiry, DeskEnquiryDetail } from '../../shared/deskEnquiry';
import { PHONE_FIELDS } from '../../shared/forms/formSchemas';
import { fill } from '../../shared/languages';
import { useSiteData } from '../../shell/SiteDataContext';
import { adminApi } from '../adminApi';
import { goAheadWithContact } from './callingHoursPrompt';
import { useDeskWorkflow } from './useDeskWorkflow';

/**
 * Call and WhatsApp in one tap: a tel: link, and a wa.me link whose text is the chosen message
 * of _desk.yaml in the enquiry's language, with the enquirer's, the advisor's (its name as set
 * under Staff accounts, in that language) and the firm's names filled in. Outside the calling
 * hours of _desk.yaml each asks first. Using
 * either is recorded in the enquiry's history (a New enquiry becomes Contacted); the link opens
 * whether or not that reaches the server.
 */
export function ContactLinks({
  enquiry,
  advisorNames,
  onRecorded,
}: {
  enquiry: DeskEnquiry;
  /** The signed-in advisor's names as enquirers read them, by language. */
  advisorNames: DisplayNames;
  onRecorded: (updated: DeskEnquiryDetail) => void;
}) {
  const workflow = useDeskWorkflow();
  const { site } = useSiteData();
  const id = useId();
  const [template, setTemplate] = useState(workflow.messages[0]?.id ?? '');
  const phone = enquiry[PHONE_FIELDS[enquiry.form]];
  if (typeof phone !== 'string' || !/^\+\d{10,15}$/.test(phone)) return null;
  const name = typeof enquiry.name === 'string' ? enquiry.name : '';
  const message = workflow.messages.find((candidate) => candidate.id === template);
  const language = enquiry.language !== undefined && message?.text[enquiry.language] !== undefined ? enquiry.language : 'en';
  const words = message?.text[language];
  const advisor = workflow.advisorName({ displayNames: advisorNames }, language);
  const text = words ? fill(words, { name, advisor, firm: site.name }) : '';
  const record = (channel: 'call' | 'whatsapp', event: MouseEvent) => {
    const who = name || 'this enquirer';
    if (!goAheadWithContact(workflow, channel === 'call' ? `Call ${who}` : `Message ${who} on WhatsApp`)) return event.preventDefault();
    void adminApi.recordContact(enquiry._id, channel, channel === 'whatsapp' ? template : undefined).then((answer) => {
      if (answer.ok) onRecorded(answer.data);
    });
  };
  return (
    <div className="desk-contact">
      <a className="button desk-contact__link" href={`tel:${phone}`} onClick={(event) => record('call', event)}>
        Call<span className="visually-hidden"> {name}</span>
      </a>
      <a
        className="button desk-contact__link"
        href={`https://wa.me/${phone.slice(1)}?text=${encodeURIComponent(text)}`}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(event) => record('whatsapp', event)}
      >
        WhatsApp<span className="visually-hidden"> {name} (opens in a new tab)</span>
      </a>
      {workflow.messages.length > 1 && (
        <span className="desk-contact__message">
          <label htmlFor={id}>Message</label>
          <select id={id} className="text-input" value={template} onChange={(event) => setTemplate(event.target.value)}>
            {workflow.messages.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label}
              </option>
            ))}
          </select>
        </span>
      )}
    </div>
  );
}
