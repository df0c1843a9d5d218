import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { DeskEnquiryDetail } from '../../shared/deskEnquiry';
import { useDeskWorkflow } from './useDeskWorkflow';
import { indiaDate } from '../../shared/indiaTime';
import { adminApi, type ApiAnswer } from '../adminApi';

interface Props {
  enquiry: DeskEnquiryDetail;
  /** Called with the enquiry as the server now has it, and what to tell the reader. */
  onSaved: (enquiry: DeskEnquiryDetail, message: string) => void;
}

/** The three things staff do to an enquiry: set its status (with a reason when closing), its next follow-up, and add a note. */
export function EnquiryActions({ enquiry, onSaved }: Props) {
  const { statuses, closedReasons, statusById } = useDeskWorkflow();
  const [status, setStatus] = useState(enquiry.status);
  const [reason, setReason] = useState(enquiry.closedReason ?? '');
  const [followUp, setFollowUp] = useState(enquiry.followUpOn ?? '');
  const [note, setNote] = useState('');
  const [noteIsContact, setNoteIsContact] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const uid = useId();
  const needsReason = statusById(status)?.needsReason === true;

  async function save(event: FormEvent, answer: () => Promise<ApiAnswer<DeskEnquiryDetail>>, done: string) {
    event.preventDefault();
    const result = await answer();
    if (!result.ok) return setErrors(result.errors ?? { form: result.message });
    setErrors({});
    onSaved(result.data, done);
  }

  /** A field with its label, its error (tied to it) and the control, which receives its aria attributes. */
  const field = (name: string, label: string, control: (aria: Record<string, string | boolean | undefined>) => ReactNode) => (
    <>
      <label htmlFor={`${uid}-${name}`}>{label}</label>
      {errors[name] && (
        <p id={`${uid}-${name}-error`} className="field-error">
          <span className="visually-hidden">Error: </span>
          {errors[name]}
        </p>
      )}
      {control({
        id: `${uid}-${name}`,
        'aria-invalid': errors[name] ? true : undefined,
        'aria-describedby': errors[name] ? `${uid}-${name}-error` : undefined,
      })}
    </>
  );

  return (
    <div className="desk-enquiry__forms">
      {errors.form && (
        <p className="desk-notice desk-notice--error" role="alert">
          {errors.form}
        </p>
      )}
      <form
        className="desk-form"
        noValidate
        onSubmit={(event) =>
          void save(
            event,
            () => adminApi.changeEnquiry(enquiry._id, { status, ...(needsReason && reason && { closedReason: reason }) }),
            'Status saved.',
          )
        }
      >
        <h3>Status</h3>
        {field('status', 'Status', (aria) => (
          <select {...aria} className="text-input" value={status} onChange={(event) => setStatus(event.target.value)}>
            {statuses.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        ))}
        {needsReason &&
          field('closedReason', 'Reason', (aria) => (
            <select {...aria} className="text-input" value={reason} onChange={(event) => setReason(event.target.value)}>
              <option value="">Choose a reason</option>
              {closedReasons.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
          ))}
        <button type="submit" className="button">
          Save status
        </button>
      </form>

      <form
        className="desk-form"
        noValidate
        onSubmit={(event) =>
          void save(
            event,
            () => adminApi.changeEnquiry(enquiry._id, { followUpOn: followUp || null }),
            followUp ? 'Follow-up saved.' : 'Follow-up cleared.',
          )
        }
      >
        <h3>Next follow-up</h3>
        {field('followUpOn', 'Date', (aria) => (
          <input
            {...aria}
            className="text-input"
            type="date"
            min={indiaDate()}
            value={followUp}
            onChange={(event) => setFollowUp(event.target.value)}
          />
        ))}
        <button type="submit" className="button">
          {followUp ? 'Save follow-up' : 'Clear follow-up'}
        </button>
      </form>

      <form
        className="desk-form"
        noValidate
        onSubmit={(event) =>
          void save(
            event,
            async () => {
              const answer = await adminApi.addNote(enquiry._id, note, noteIsContact);
              if (answer.ok) {
                setNote('');
                setNoteIsContact(false);
              }
              return answer;
            },
            noteIsContact ? 'Note added, and the contact recorded.' : 'Note added.',
          )
        }
      >
        <h3>Add a note</h3>
        {field('text', 'What was said or agreed', (aria) => (
          <textarea
            {...aria}
            className="text-input"
            rows={3}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        ))}
        <label className="desk-filters__check">
          <input
            type="checkbox"
            checked={noteIsContact}
            aria-describedby={`${uid}-note-contact-hint`}
            onChange={(event) => setNoteIsContact(event.target.checked)}
          />
          This records a contact with the enquirer
        </label>
        <p id={`${uid}-note-contact-hint`} className="field-hint">
          A call from another phone, a visit or a reply that reached them. Only a recorded contact stops the first-response clock; a change
          of status does not.
        </p>
        <button type="submit" className="button">
          Add note
        </button>
      </form>
    </div>
  );
}
