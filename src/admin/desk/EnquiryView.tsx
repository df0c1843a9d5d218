import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { DeskEnquiryDetail } from '../../shared/desk';
import { CLOSED_REASONS, statusById, STATUSES } from '../../shared/deskWorkflow';
import { answerFields, PHONE_FIELDS } from '../../shared/forms/formSchemas';
import { formatIndiaTime, indiaDate } from '../../shared/indiaTime';
import { adminApi, type ApiAnswer } from '../adminApi';
import { FORM_NAMES, historyText, notificationSummary, plural, statusText } from './deskText';

type Load = { state: 'loading' } | { state: 'missing'; message: string } | { state: 'ready'; enquiry: DeskEnquiryDetail };
type Errors = Record<string, string>;

/**
 * One enquiry: every answer, its consent and duplicates, its status and follow-up with
 * forms to change them, notes, and its whole history, oldest first. Owners can delete it.
 */
export function EnquiryView({ id, owner, onUnauthorised }: { id: string; owner: boolean; onUnauthorised: () => void }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState('');
  const [status, setStatus] = useState('');
  const [reason, setReason] = useState('');
  const [followUp, setFollowUp] = useState('');
  const [note, setNote] = useState('');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const uid = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  const show = (enquiry: DeskEnquiryDetail) => {
    setLoad({ state: 'ready', enquiry });
    setStatus(enquiry.status);
    setReason(enquiry.closedReason ?? '');
    setFollowUp(enquiry.followUpOn ?? '');
  };

  useEffect(() => {
    const controller = new AbortController();
    adminApi.enquiry(id, controller.signal).then(
      (answer) => {
        if (!answer.ok && answer.status === 401) return onUnauthorised();
        if (answer.ok) show(answer.data);
        else setLoad({ state: 'missing', message: answer.message });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [id, onUnauthorised]);

  // Opening an enquiry moves the reader to it, as a page change would, once it has arrived.
  const ready = load.state === 'ready';
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [id, ready]);

  const back = new URLSearchParams(params);
  back.delete('enquiry');
  const backLink = (
    <Link className="desk-back" to={`?${back.toString()}`}>
      Back to the list
    </Link>
  );
  if (load.state === 'loading') return <p role="status">Loading...</p>;
  if (load.state === 'missing') {
    return (
      <section>
        <p className="desk-notice desk-notice--error" role="alert">
          {load.message}
        </p>
        {backLink}
      </section>
    );
  }
  const { enquiry } = load;
  const needsReason = statusById(status)?.needsReason === true;

  async function save(event: FormEvent, answer: () => Promise<ApiAnswer<DeskEnquiryDetail>>, done: string) {
    event.preventDefault();
    const result = await answer();
    if (!result.ok && result.status === 401) return onUnauthorised();
    if (!result.ok) {
      setErrors(result.errors ?? { form: result.message });
      setSaved('');
      return;
    }
    setErrors({});
    show(result.data);
    setSaved(done);
  }

  async function remove() {
    if (!window.confirm('Delete this enquiry and its history? This cannot be undone.')) return;
    const answer = await adminApi.deleteEnquiry(enquiry._id);
    if (!answer.ok && answer.status === 401) return onUnauthorised();
    if (!answer.ok) return setErrors({ form: answer.message });
    void navigate(`?${back.toString()}`);
  }

  const name = typeof enquiry.name === 'string' ? enquiry.name : 'No name';
  const phoneValue = enquiry[PHONE_FIELDS[enquiry.form]];
  const phone = typeof phoneValue === 'string' ? phoneValue : '';
  const fieldError = (field: string) =>
    errors[field] && (
      <p id={`${uid}-${field}-error`} className="field-error">
        <span className="visually-hidden">Error: </span>
        {errors[field]}
      </p>
    );
  const describedBy = (field: string) => (errors[field] ? `${uid}-${field}-error` : undefined);

  return (
    <article className="desk-enquiry" aria-labelledby={`${uid}-name`}>
      {backLink}
      <h2 id={`${uid}-name`} ref={heading} tabIndex={-1}>
        {name}
      </h2>
      <p className="desk-enquiry__meta">
        {FORM_NAMES[enquiry.form]} form, received {formatIndiaTime(enquiry.createdAt)} (India time). Status:{' '}
        {statusText(enquiry.status, enquiry.closedReason)}.
      </p>
      <div aria-live="polite">
        {saved && <p className="desk-notice desk-notice--success">{saved}</p>}
        {errors.form && <p className="desk-notice desk-notice--error">{errors.form}</p>}
      </div>

      <dl className="desk-enquiry__answers">
        {answerFields(enquiry.form).map(({ name: field, label }) => (
          <div key={field}>
            <dt>{label}</dt>
            <dd>{typeof enquiry[field] === 'string' ? enquiry[field] : '—'}</dd>
          </div>
        ))}
        <div>
          <dt>Source page</dt>
          <dd>{enquiry.sourcePage ?? '—'}</dd>
        </div>
        <div>
          <dt>Consent</dt>
          <dd>
            {enquiry.consent
              ? `Given ${formatIndiaTime(enquiry.consent.givenAt)} to notice version ${enquiry.consent.noticeVersion}`
              : 'No consent record: sent before the forms asked for consent'}
          </dd>
        </div>
        {enquiry.notifications && (
          <div>
            <dt>Notifications</dt>
            <dd>{notificationSummary(enquiry.notifications)}</dd>
          </div>
        )}
        <div>
          <dt>Same number</dt>
          <dd>
            {enquiry.duplicates > 0 ? (
              <Link to={`?phone=${phone.slice(-10)}`}>{plural(enquiry.duplicates, 'other enquiry', 'other enquiries')}</Link>
            ) : (
              'None'
            )}
          </dd>
        </div>
      </dl>

      <div className="desk-enquiry__forms">
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
          <label htmlFor={`${uid}-status`}>Status</label>
          {fieldError('status')}
          <select
            id={`${uid}-status`}
            className="text-input"
            value={status}
            aria-describedby={describedBy('status')}
            onChange={(event) => setStatus(event.target.value)}
          >
            {STATUSES.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
          {needsReason && (
            <>
              <label htmlFor={`${uid}-reason`}>Reason</label>
              {fieldError('closedReason')}
              <select
                id={`${uid}-reason`}
                className="text-input"
                value={reason}
                aria-invalid={errors.closedReason ? true : undefined}
                aria-describedby={describedBy('closedReason')}
                onChange={(event) => setReason(event.target.value)}
              >
                <option value="">Choose a reason</option>
                {CLOSED_REASONS.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </select>
            </>
          )}
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
          <label htmlFor={`${uid}-follow-up`}>Date</label>
          {fieldError('followUpOn')}
          <input
            id={`${uid}-follow-up`}
            className="text-input"
            type="date"
            min={indiaDate()}
            value={followUp}
            aria-invalid={errors.followUpOn ? true : undefined}
            aria-describedby={describedBy('followUpOn')}
            onChange={(event) => setFollowUp(event.target.value)}
          />
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
                const answer = await adminApi.addNote(enquiry._id, note);
                if (answer.ok) setNote('');
                return answer;
              },
              'Note added.',
            )
          }
        >
          <h3>Add a note</h3>
          <label htmlFor={`${uid}-note`}>What was said or agreed</label>
          {fieldError('text')}
          <textarea
            id={`${uid}-note`}
            className="text-input"
            rows={3}
            maxLength={2000}
            value={note}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={describedBy('text')}
            onChange={(event) => setNote(event.target.value)}
          />
          <button type="submit" className="button">
            Add note
          </button>
        </form>
      </div>

      <h3>History</h3>
      <ol className="desk-history">
        <li>
          <strong>Received</strong> <span className="desk-history__when">{formatIndiaTime(enquiry.createdAt)}</span>
        </li>
        {enquiry.history.map((entry, index) => (
          <li key={index}>
            <strong>{historyText(entry)}</strong>{' '}
            <span className="desk-history__when">
              by {entry.by}, {formatIndiaTime(entry.at)}
            </span>
            {entry.type === 'note' && <p className="desk-history__note">{entry.text}</p>}
          </li>
        ))}
      </ol>

      {owner && (
        <button type="button" className="button button--danger" onClick={() => void remove()}>
          Delete this enquiry
        </button>
      )}
    </article>
  );
}
