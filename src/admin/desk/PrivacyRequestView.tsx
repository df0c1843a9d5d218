import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatIsoDate } from '../../shared/formatDate';
import { formatIndiaTime } from '../../shared/indiaTime';
import {
  isOverdue,
  PRIVACY_REQUEST_STATUSES,
  privacyStatusLabel,
  requestKindLabel,
  type PrivacyRequest,
  type PrivacyRequestStatus,
} from '../../shared/privacyRequests';
import { adminApi } from '../adminApi';
import './privacyDesk.css';

interface Props {
  request: PrivacyRequest;
  owner: boolean;
  onChanged: (request: PrivacyRequest, message: string) => void;
}

/** One request about personal data: what was asked, by when, what was done; staff record the outcome here. */
export function PrivacyRequestView({ request, owner, onChanged }: Props) {
  const [status, setStatus] = useState<PrivacyRequestStatus>(request.status);
  const [reason, setReason] = useState(request.reason ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();

  // Opening a request moves the reader to it.
  useEffect(() => heading.current?.focus(), [request._id]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const answer = await adminApi.changePrivacyRequest(request._id, { status, ...(status === 'refused' && { reason }) });
    if (!answer.ok) {
      setErrors(answer.errors ?? {});
      return setFailure(answer.message);
    }
    setErrors({});
    setFailure(undefined);
    onChanged(answer.data, `The request from ${answer.data.fields.name} is now ${privacyStatusLabel(answer.data.status).toLowerCase()}.`);
  }

  const { name, phone, email, reference, kind, message } = request.fields;
  return (
    <section className="desk-enquiry" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Request from {name}
      </h3>
      <dl className="desk-enquiry__answers">
        <dt>Asked to</dt>
        <dd>{requestKindLabel(kind ?? '')}</dd>
        <dt>Mobile number</dt>
        <dd>{phone}</dd>
        <dt>Email address</dt>
        <dd>{email ?? '—'}</dd>
        <dt>Enquiry reference</dt>
        <dd>{reference ?? '—'}</dd>
        <dt>Details</dt>
        <dd>{message ?? '—'}</dd>
        <dt>Received</dt>
        <dd>{formatIndiaTime(request.createdAt)}</dd>
        <dt>Answer by</dt>
        <dd>
          {formatIsoDate(request.dueOn)}
          {isOverdue(request) && <strong className="desk-overdue"> Overdue</strong>}
        </dd>
      </dl>
      {request.history.length > 0 && (
        <ol className="desk-history">
          {request.history.map((entry, index) => (
            <li key={index}>
              <strong>
                {privacyStatusLabel(entry.from)} → {privacyStatusLabel(entry.to)}
              </strong>{' '}
              <span className="desk-history__when">
                by {entry.by}, {formatIndiaTime(entry.at)}
              </span>
              {entry.reason && <p className="desk-history__note">{entry.reason}</p>}
            </li>
          ))}
        </ol>
      )}
      {owner && phone && (
        <p>
          <Link to="?view=person" state={{ phone }}>
            Find, download or erase everything stored about {name}
          </Link>
        </p>
      )}
      <form className="desk-form" noValidate onSubmit={(event) => void save(event)}>
        {failure && (
          <p className="desk-notice desk-notice--error" role="alert">
            {failure}
          </p>
        )}
        <fieldset className="desk-form__group">
          <legend>Status</legend>
          {PRIVACY_REQUEST_STATUSES.map((option) => (
            <label key={option.id} className="desk-radio">
              <input
                type="radio"
                name={`${id}-status`}
                value={option.id}
                checked={status === option.id}
                onChange={() => setStatus(option.id)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        {status === 'refused' && (
          <div className="desk-form__group">
            <label htmlFor={`${id}-reason`}>Why it is refused (the person will be told)</label>
            {errors.reason && (
              <p id={`${id}-reason-error`} className="field-error">
                <span className="visually-hidden">Error: </span>
                {errors.reason}
              </p>
            )}
            <textarea
              id={`${id}-reason`}
              className="text-input"
              rows={3}
              value={reason}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
        )}
        <button type="submit" className="button">
          Save
        </button>
      </form>
    </section>
  );
}
