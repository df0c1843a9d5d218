import { useId, useState, type FormEvent } from 'react';
import { useSiteData } from '../../shell/SiteDataContext';
import { useLanguage } from '../../shell/useLanguage';
import { DOCUMENT_KINDS, MAX_DOCUMENT_BYTES, type UploadAnswer, type UploadView } from '../../shared/documents';
import { formatIsoDate } from '../../shared/formatDate';
import { fill } from '../../shared/languages';

/** What the file fields offer: on a phone, the camera is among the choices. */
const ACCEPT = Object.keys(DOCUMENT_KINDS).join(',');

type Sending = { kind: 'sending'; percent: number } | { kind: 'sent' } | { kind: 'refused'; message: string };

/**
 * Each document a link asks for, with its state and a form of its own that sends one file. With
 * JavaScript the file goes in the background with its progress, and the list follows the answer;
 * without it, the plain form posts to the link's own address and the server draws the page again.
 */
export function DocumentUpload({ view: given }: { view: UploadView }) {
  const { site } = useSiteData();
  const { words } = useLanguage();
  const text = words.ui.documents;
  const [view, setView] = useState(given);
  const [sending, setSending] = useState<Record<number, Sending>>(() => ({
    ...(given.receivedItem !== undefined && { [given.receivedItem]: { kind: 'sent' as const } }),
    ...(given.refusal && { [given.refusal.item]: { kind: 'refused' as const, message: given.refusal.message } }),
  }));
  const id = useId();
  const set = (item: number, state: Sending) => setSending((current) => ({ ...current, [item]: state }));

  function send(event: FormEvent<HTMLFormElement>, item: number) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return set(item, { kind: 'refused', message: text.oneFile });
    if (file.size > MAX_DOCUMENT_BYTES) return set(item, { kind: 'refused', message: text.tooLarge });
    set(item, { kind: 'sending', percent: 0 });
    // XMLHttpRequest, not fetch: only it reports an upload's progress.
    const request = new XMLHttpRequest();
    request.open('POST', window.location.pathname);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (progress) => {
      if (progress.lengthComputable) set(item, { kind: 'sending', percent: Math.floor((progress.loaded / progress.total) * 100) });
    };
    request.onload = () => {
      let answer: Partial<UploadAnswer> = {};
      try {
        answer = JSON.parse(request.responseText) as Partial<UploadAnswer>;
      } catch {
        // Not an answer of ours (a proxy's error page): said as a failed send below.
      }
      if (request.status < 300 && answer.view) {
        setView(answer.view);
        set(item, { kind: 'sent' });
        // The file is in: the field empties, so pressing Send again cannot send it twice.
        element.reset();
      } else set(item, { kind: 'refused', message: answer.message ?? text.failed });
    };
    request.onerror = () => set(item, { kind: 'refused', message: text.failed });
    request.send(form);
  }

  // A link that is not ours (mistyped, or cut short by the app it was sent in) says so: it has no date to give.
  const closed = { expired: text.expired, revoked: text.revoked, unknown: text.notFound, open: undefined }[view.state];
  return (
    <>
      {closed ? (
        <p className="document-upload__closed" role="alert">
          {fill(closed, { phone: site.phone })}
        </p>
      ) : (
        <>
          <p>{fill(text.openUntil, { date: formatIsoDate(view.openUntil, words.ui.shell.months) })}</p>
          <p>{text.accepted}</p>
        </>
      )}
      <ul className="document-upload__list" aria-label={text.listLabel}>
        {view.items.map(({ label, received }, item) => {
          const state = sending[item];
          const field = `${id}-${item}`;
          return (
            <li key={item} className="document-upload__item">
              <form method="post" encType="multipart/form-data" onSubmit={(event) => send(event, item)}>
                <input type="hidden" name="item" value={item} />
                <p className="document-upload__name" id={`${field}-name`}>
                  {label}
                </p>
                <p className="document-upload__state" id={`${field}-state`}>
                  {received > 0 ? fill(text.received, { count: String(received) }) : text.waiting}
                </p>
                {!closed && (
                  <>
                    <label htmlFor={field}>{fill(text.choose, { document: label })}</label>
                    <input id={field} type="file" name="file" accept={ACCEPT} aria-describedby={`${field}-state ${field}-message`} />
                    <button type="submit" className="button button--cta" disabled={state?.kind === 'sending'}>
                      {text.send}
                    </button>
                  </>
                )}
                <div id={`${field}-message`}>
                  {state?.kind === 'sending' && (
                    <p role="status" className="document-upload__progress">
                      <progress max={100} value={state.percent} aria-labelledby={`${field}-sending`} />{' '}
                      <span id={`${field}-sending`}>{fill(text.sending, { percent: String(state.percent) })}</span>
                    </p>
                  )}
                  {state?.kind === 'sent' && (
                    <p role="status" className="document-upload__sent">
                      {fill(text.sent, { document: label })}
                    </p>
                  )}
                  {state?.kind === 'refused' && (
                    <p role="alert" className="document-upload__refused">
                      {state.message}
                    </p>
                  )}
                </div>
              </form>
            </li>
          );
        })}
      </ul>
      {!closed && <p>{fill(text.privacy, { days: String(words.privacy.documentsDays) })}</p>}
    </>
  );
}
