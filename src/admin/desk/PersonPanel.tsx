import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatIndiaTime } from '../../shared/indiaTime';
import { describeRecords, privacyStatusLabel, requestKindLabel } from '../../shared/privacyRequests';
import { adminApi, type PersonData, type PersonQuery } from '../adminApi';
import { FORM_NAMES, statusText } from './deskText';
import { useDeskWorkflow } from './useDeskWorkflow';
import './privacyDesk.css';

type Stage =
  { step: 'search' } | { step: 'found'; who: PersonQuery; data: PersonData } | { step: 'confirm'; who: PersonQuery; data: PersonData };

/**
 * Owners find everything stored about one person, by the mobile number or the e-mail
 * address they gave, then download it as a file or erase all of it after confirming.
 */
export function PersonPanel() {
  const workflow = useDeskWorkflow();
  const location = useLocation();
  const [draft, setDraft] = useState({ phone: (location.state as { phone?: string } | null)?.phone ?? '', email: '' });
  const [stage, setStage] = useState<Stage>({ step: 'search' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | undefined>();
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const id = useId();

  useEffect(() => {
    if (stage.step === 'confirm') confirmHeading.current?.focus();
  }, [stage.step]);

  async function find(event: FormEvent) {
    event.preventDefault();
    const phone = draft.phone.trim();
    const email = draft.email.trim();
    if (Boolean(phone) === Boolean(email)) {
      setErrors({ who: 'Enter either a mobile number or an email address' });
      return;
    }
    const who: PersonQuery = phone ? { phone } : { email };
    const answer = await adminApi.person(who);
    if (!answer.ok) {
      setErrors({ who: Object.values(answer.errors ?? {})[0] ?? answer.message });
      return;
    }
    setErrors({});
    setNotice(undefined);
    setStage({ step: 'found', who, data: answer.data });
  }

  async function erase(who: PersonQuery) {
    const answer = await adminApi.erase(who);
    setNotice(answer.ok ? { tone: 'success', text: answer.data.message } : { tone: 'error', text: answer.message });
    if (answer.ok) setStage({ step: 'search' });
  }

  const counts = stage.step === 'search' ? undefined : { enquiries: stage.data.enquiries.length, requests: stage.data.requests.length };
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Find a person’s data</h2>
      <p>
        Everything stored about one person, found by the mobile number or the email address they gave: to answer a request to see their
        details, or to erase them.
      </p>
      <div aria-live="polite">{notice && <p className={`desk-notice desk-notice--${notice.tone}`}>{notice.text}</p>}</div>
      <form className="desk-form desk-form--wide" noValidate onSubmit={(event) => void find(event)}>
        {errors.who && (
          <p id={`${id}-error`} className="field-error">
            <span className="visually-hidden">Error: </span>
            {errors.who}
          </p>
        )}
        <div className="desk-form__group">
          <label htmlFor={`${id}-phone`}>Mobile number</label>
          <input
            id={`${id}-phone`}
            className="text-input"
            type="tel"
            autoComplete="off"
            value={draft.phone}
            aria-describedby={errors.who ? `${id}-error` : undefined}
            onChange={(event) => setDraft({ ...draft, phone: event.target.value })}
          />
        </div>
        <div className="desk-form__group">
          <label htmlFor={`${id}-email`}>or email address</label>
          <input
            id={`${id}-email`}
            className="text-input"
            type="email"
            autoComplete="off"
            value={draft.email}
            aria-describedby={errors.who ? `${id}-error` : undefined}
            onChange={(event) => setDraft({ ...draft, email: event.target.value })}
          />
        </div>
        <button type="submit" className="button">
          Find
        </button>
      </form>

      {stage.step !== 'search' && counts && (
        <div className="desk-person">
          <h3>Found {describeRecords(counts)}</h3>
          {stage.data.enquiries.length > 0 && (
            <ul>
              {stage.data.enquiries.map((enquiry) => (
                <li key={enquiry._id}>
                  <Link to={`?enquiry=${enquiry._id}`}>{typeof enquiry.name === 'string' ? enquiry.name : 'No name'}</Link>:{' '}
                  {FORM_NAMES[enquiry.form]} enquiry, {formatIndiaTime(enquiry.createdAt)},{' '}
                  {statusText(workflow, enquiry.status, enquiry.closedReason)}
                </li>
              ))}
            </ul>
          )}
          {stage.data.requests.length > 0 && (
            <ul>
              {stage.data.requests.map((request) => (
                <li key={request._id}>
                  Request “{requestKindLabel(request.fields.kind ?? '')}” from {request.fields.name}, {formatIndiaTime(request.createdAt)},{' '}
                  {privacyStatusLabel(request.status).toLowerCase()}
                </li>
              ))}
            </ul>
          )}
          {counts.enquiries + counts.requests > 0 && stage.step === 'found' && (
            <p className="desk-person__actions">
              <a className="button button--ghost" href={adminApi.personExportHref(stage.who)} download>
                Download all of it (JSON)
              </a>
              <button type="button" className="button button--danger" onClick={() => setStage({ ...stage, step: 'confirm' })}>
                Erase all of it
              </button>
            </p>
          )}
          {stage.step === 'confirm' && (
            <div className="desk-confirm" role="group" aria-labelledby={`${id}-confirm`}>
              <h3 id={`${id}-confirm`} ref={confirmHeading} tabIndex={-1}>
                Erase {describeRecords(counts)} for good?
              </h3>
              <p>They cannot be brought back. The audit log will record that you erased them, and how many, but not whose they were.</p>
              <button type="button" className="button button--danger" onClick={() => void erase(stage.who)}>
                Yes, erase them
              </button>{' '}
              <button type="button" className="button button--ghost" onClick={() => setStage({ ...stage, step: 'found' })}>
                Cancel
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
