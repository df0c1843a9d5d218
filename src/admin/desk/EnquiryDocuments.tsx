import { useEffect, useId, useState, type FormEvent } from 'react';
import type { DeskEnquiryDetail } from '../../shared/deskEnquiry';
import { checklistFor, DOCUMENT_KINDS, type DocumentsAnswer, type NewRequestAnswer } from '../../shared/documents';
import { formatIndiaTime } from '../../shared/indiaTime';
import { useSiteData } from '../../shell/SiteDataContext';
import { adminApi } from '../adminApi';

interface Props {
  enquiry: DeskEnquiryDetail;
}

const STATES = { open: 'takes files', expired: 'expired', revoked: 'stopped' } as const;
/** A request's e-mail to the enquirer, as the outbox left it. */
const EMAIL_STATES = { pending: 'E-mail on its way', delivered: 'E-mailed to the enquirer', failed: 'The e-mail failed' } as const;
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Documents on an enquiry: ask for them (from a checklist in the upload page's language, or
 * written in), which makes a private link shown once to copy into WhatsApp; the requests with
 * their state, a way to send a link to the enquirer's e-mail address (through the server's
 * outbox) and a way to stop it; and what arrived, to download for an owner or the enquiry's
 * advisor (other staff see the list only).
 */
export function EnquiryDocuments({ enquiry }: Props) {
  const { siteLanguages } = useSiteData();
  const uid = useId();
  const [answer, setAnswer] = useState<DocumentsAnswer>();
  const [language, setLanguage] = useState(enquiry.language ?? siteLanguages.source);
  /** The checklist the advisor picked, by its label; until then, the one for the enquiry's page. */
  const [picked, setPicked] = useState<string>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [others, setOthers] = useState('');
  const [error, setError] = useState('');
  const [made, setMade] = useState<NewRequestAnswer>();
  const [copied, setCopied] = useState('');
  const [emailed, setEmailed] = useState('');

  // Read again after each change made here.
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((current) => current + 1);
  useEffect(() => {
    let current = true;
    void adminApi.documents(enquiry._id).then((loaded) => {
      if (!current) return;
      if (loaded.ok) setAnswer(loaded.data);
      else setError(loaded.message);
    });
    return () => {
      current = false;
    };
  }, [enquiry._id, version]);

  const lists = answer?.checklists[language] ?? [];
  const picks = lists.findIndex((list) => list.label === picked);
  const checklist =
    picks >= 0
      ? picks
      : checklistFor(
          lists,
          enquiry.sourcePage,
          siteLanguages.list.map((one) => one.code),
        );
  const offered = lists[checklist]?.documents ?? [];
  // Each document in English beside the enquirer's language, for an advisor who reads English.
  const english =
    language === siteLanguages.source
      ? undefined
      : answer?.checklists[siteLanguages.source]?.find((list) => list.label === lists[checklist]?.label)?.documents;

  async function ask(event: FormEvent) {
    event.preventDefault();
    const documents = [...chosen, ...others.split('\n').map((line) => line.trim())].filter(Boolean);
    if (documents.length === 0) return setError('Tick a document on the checklist or write one in');
    const asked = await adminApi.askForDocuments(enquiry._id, { documents, language });
    if (!asked.ok) return setError(Object.values(asked.errors ?? {})[0] ?? asked.message);
    setError('');
    setChosen([]);
    setOthers('');
    setCopied('');
    setMade(asked.data);
    reload();
  }

  async function revoke(requestId: string) {
    await adminApi.revokeDocuments(enquiry._id, requestId);
    reload();
  }

  async function email(requestId: string) {
    const sent = await adminApi.emailDocuments(enquiry._id, requestId);
    setEmailed(sent.ok ? "The link is on its way to the enquirer's e-mail address." : sent.message);
    reload();
  }

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('The link is copied: paste it into WhatsApp or an e-mail to the enquirer.');
    } catch {
      setCopied('This browser did not allow copying: select the link and copy it by hand.');
    }
  }

  const itemsOf = new Map(answer?.requests.map((request) => [request.id, request.items]));
  return (
    <section className="desk-documents" aria-labelledby={`${uid}-heading`}>
      <h3 id={`${uid}-heading`}>Documents</h3>
      <form className="desk-form" noValidate onSubmit={(event) => void ask(event)}>
        <label htmlFor={`${uid}-language`}>Language of the upload page</label>
        <select
          id={`${uid}-language`}
          className="text-input"
          value={language}
          onChange={(event) => {
            setLanguage(event.target.value);
            setChosen([]);
          }}
        >
          {siteLanguages.list.map((option) => (
            <option key={option.code} value={option.code}>
              {siteLanguages.label(option.code)}
            </option>
          ))}
        </select>
        <label htmlFor={`${uid}-checklist`}>Checklist</label>
        <select
          id={`${uid}-checklist`}
          className="text-input"
          value={lists[checklist]?.label ?? ''}
          onChange={(event) => {
            setPicked(event.target.value);
            setChosen([]);
          }}
        >
          {lists.map((list) => (
            <option key={list.label} value={list.label}>
              {list.label}
            </option>
          ))}
        </select>
        <fieldset>
          <legend>Documents to ask for</legend>
          {offered.map((document, index) => (
            <label key={document} className="desk-documents__choice">
              <input
                type="checkbox"
                checked={chosen.includes(document)}
                onChange={(event) =>
                  setChosen((current) => (event.target.checked ? [...current, document] : current.filter((other) => other !== document)))
                }
              />{' '}
              {document}
              {english?.[index] && english[index] !== document && <span lang={siteLanguages.source}> ({english[index]})</span>}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${uid}-others`}>Other documents, one on each line</label>
        <textarea id={`${uid}-others`} className="text-input" rows={3} value={others} onChange={(event) => setOthers(event.target.value)} />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button">
          Make the link
        </button>
      </form>
      {made && (
        <div className="desk-documents__link">
          <label htmlFor={`${uid}-link`}>The link, shown only now (until {formatIndiaTime(made.expiresAt)})</label>
          <input id={`${uid}-link`} className="text-input" readOnly value={made.link} onFocus={(event) => event.target.select()} />
          <button type="button" className="button" onClick={() => void copy(made.link)}>
            Copy the link
          </button>
          <p role="status">{copied}</p>
        </div>
      )}
      {answer && answer.requests.length > 0 && (
        <>
          <h4>Asked for</h4>
          {answer.cannotEmail && <p id={`${uid}-cannot-email`}>{answer.cannotEmail}</p>}
          <ul className="desk-documents__requests">
            {answer.requests.map((request) => (
              <li key={request.id}>
                {request.items.join(', ')}. By {request.createdBy}, {formatIndiaTime(request.createdAt)}; the link{' '}
                {request.state === 'open' ? `takes files until ${formatIndiaTime(request.expiresAt)}` : STATES[request.state]}.{' '}
                {request.email && (
                  <>
                    {EMAIL_STATES[request.email.status]}
                    {request.email.status === 'failed' && request.email.lastError ? ` (${request.email.lastError})` : ''}.{' '}
                  </>
                )}
                {request.state === 'open' && (
                  <>
                    <button
                      type="button"
                      className="button"
                      disabled={answer.cannotEmail !== undefined || request.email?.status === 'pending'}
                      aria-describedby={answer.cannotEmail ? `${uid}-cannot-email` : undefined}
                      onClick={() => void email(request.id)}
                    >
                      Send by e-mail
                    </button>{' '}
                    <button type="button" className="button" onClick={() => void revoke(request.id)}>
                      Stop this link
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
          <p role="status">{emailed}</p>
        </>
      )}
      {answer && (
        <>
          <h4>Received</h4>
          {answer.documents.length === 0 ? (
            <p>No document has arrived yet.</p>
          ) : (
            <>
              {!answer.canDownload && <p>Only an owner or the advisor this enquiry is assigned to can download its documents.</p>}
              <ul className="desk-documents__received">
                {answer.documents.map((document) => (
                  <li key={document.id}>
                    <strong>{document.item || itemsOf.get(document.requestId)?.join(', ')}</strong>:{' '}
                    {answer.canDownload ? (
                      <a href={adminApi.documentHref(enquiry._id, document.id)} download>
                        {document.name}
                      </a>
                    ) : (
                      document.name
                    )}{' '}
                    ({DOCUMENT_KINDS[document.type].label}, {size(document.bytes)}, {formatIndiaTime(document.at)})
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
