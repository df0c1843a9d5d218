import { useEffect, useId, useRef, useState } from 'react';
import type { Advisor } from '../../shared/accounts';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { DeskEnquiryDetail } from '../../shared/deskEnquiry';
import { answerFields, answerText, PHONE_FIELDS } from '../../shared/forms/formSchemas';
import { formatIndiaTime } from '../../shared/indiaTime';
import { displayPhone } from '../../shared/phone';
import { adminApi } from '../adminApi';
import { FORM_NAMES, notificationSummary, plural, statusText } from './deskText';
import { useDeskWorkflow } from './useDeskWorkflow';
import { ContactLinks } from './ContactLinks';
import { EnquiryActions } from './EnquiryActions';
import { EnquiryAdvisor } from './EnquiryAdvisor';
import { EnquiryApplications } from './EnquiryApplications';
import { EnquiryDocuments } from './EnquiryDocuments';
import { OverdueMark } from './OverdueMark';
import { EnquiryHistory } from './EnquiryHistory';
import { useSiteData } from '../../shell/SiteDataContext';

type Load = { state: 'loading' } | { state: 'missing'; message: string } | { state: 'ready'; enquiry: DeskEnquiryDetail };

/**
 * One enquiry: every answer, its consent and duplicates, its status and follow-up with
 * forms to change them, notes, and its whole history, oldest first. Owners can delete it.
 */
export function EnquiryView({
  id,
  owner,
  advisor,
}: {
  id: string;
  owner: boolean;
  /** The signed-in account: its username (to take an enquiry) and its names, which WhatsApp messages sign with. */
  advisor: Advisor;
}) {
  const workflow = useDeskWorkflow();
  const { siteLanguages } = useSiteData();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | undefined>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const uid = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    adminApi.enquiry(id, controller.signal).then(
      (answer) => {
        if (answer.ok) setLoad({ state: 'ready', enquiry: answer.data });
        else setLoad({ state: 'missing', message: answer.message });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [id]);

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
  const saved = (updated: DeskEnquiryDetail, message: string) => {
    setLoad({ state: 'ready', enquiry: updated });
    setNotice({ tone: 'success', text: message });
  };

  async function remove() {
    if (!window.confirm('Delete this enquiry and its history? This cannot be undone.')) return;
    const answer = await adminApi.deleteEnquiry(enquiry._id);
    if (!answer.ok) return setNotice({ tone: 'error', text: answer.message });
    void navigate(`?${back.toString()}`);
  }

  const name = typeof enquiry.name === 'string' ? enquiry.name : 'No name';
  const phoneValue = enquiry[PHONE_FIELDS[enquiry.form]];
  const phone = typeof phoneValue === 'string' ? phoneValue : '';
  return (
    <article className="desk-enquiry" aria-labelledby={`${uid}-name`}>
      {backLink}
      <h2 id={`${uid}-name`} ref={heading} tabIndex={-1}>
        {name}
      </h2>
      <p className="desk-enquiry__meta">
        Reference <strong className="desk-reference">{enquiry.reference}</strong>. {FORM_NAMES[enquiry.form]} form, received{' '}
        {formatIndiaTime(enquiry.createdAt)} (India time). Status: {statusText(workflow, enquiry.status, enquiry.closedReason)}. Advisor:{' '}
        {enquiry.assignedTo ?? 'nobody yet'}.{enquiry.overdue && <OverdueMark />}
      </p>
      <div aria-live="polite">{notice && <p className={`desk-notice desk-notice--${notice.tone}`}>{notice.text}</p>}</div>
      <ContactLinks
        enquiry={enquiry}
        advisorNames={advisor.displayNames}
        onRecorded={(updated) => setLoad({ state: 'ready', enquiry: updated })}
      />

      <dl className="desk-enquiry__answers">
        {answerFields(enquiry.form).map(({ name: field, label }) => (
          <div key={field}>
            <dt>{label}</dt>
            <dd>
              {typeof enquiry[field] === 'string'
                ? field === PHONE_FIELDS[enquiry.form]
                  ? displayPhone(enquiry[field])
                  : answerText(enquiry.form, field, enquiry[field])
                : '—'}
            </dd>
          </div>
        ))}
        <div>
          <dt>Source page</dt>
          <dd>{enquiry.sourcePage ?? '—'}</dd>
        </div>
        {(enquiry.campaign || enquiry.referrer) && (
          <div>
            <dt>Came from</dt>
            <dd>
              {enquiry.campaign && (
                <Link to={`?campaign=${encodeURIComponent(enquiry.campaign.campaign)}`}>
                  {[enquiry.campaign.source, enquiry.campaign.medium, enquiry.campaign.campaign].filter(Boolean).join(' / ')}
                </Link>
              )}
              {enquiry.campaign && enquiry.referrer && ', '}
              {enquiry.referrer && `linked from ${enquiry.referrer}`}
            </dd>
          </div>
        )}
        <div>
          <dt>Language of the page</dt>
          <dd>{siteLanguages.label(enquiry.language)}</dd>
        </div>
        <div>
          <dt>First response</dt>
          <dd>
            {enquiry.firstContactAt
              ? `First contact ${formatIndiaTime(enquiry.firstContactAt)}`
              : enquiry.firstResponseDueAt
                ? `${enquiry.overdue ? 'Was due' : 'Due'} by ${formatIndiaTime(enquiry.firstResponseDueAt)} (India time, within working hours): a call, a WhatsApp message or a note of a contact stops the clock, a change of status does not`
                : '—'}
          </dd>
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

      <EnquiryAdvisor key={`${enquiry._id}-advisor`} enquiry={enquiry} self={advisor.username} owner={owner} onSaved={saved} />
      <EnquiryActions key={`${enquiry._id}-${enquiry.status}`} enquiry={enquiry} onSaved={saved} />
      <EnquiryApplications enquiry={enquiry} onSaved={saved} />
      <EnquiryDocuments key={`${enquiry._id}-documents`} enquiry={enquiry} />
      <EnquiryHistory enquiry={enquiry} />

      {owner && (
        <button type="button" className="button button--danger" onClick={() => void remove()}>
          Delete this enquiry
        </button>
      )}
    </article>
  );
}
