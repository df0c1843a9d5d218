import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { ADMIN_PAGES } from '../../shared/adminPages';
import { formatIndiaTime } from '../../shared/indiaTime';
import type { SubmissionView } from '../../shared/pageEditor';
import { AdminNav } from '../AdminNav';
import { AdminShell } from '../AdminShell';
import { useAdminSession } from '../useAdminSession';
import { editorPath, pagesApi } from './pagesApi';
import { TextCompare } from './TextCompare';
import '../screens.css';
import './pages.css';

type Notice = { tone: 'success' | 'error'; text: string };
type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; items: SubmissionView[] };

/** /admin/review: for owners, every change editors sent for review, each file beside what is live, to publish or send back. */
export default function ReviewPage() {
  const { session } = useAdminSession();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState<Notice | undefined>();
  const [version, setVersion] = useState(0);
  const owner = session?.role === 'owner' && !session.mustEnrol;

  useEffect(() => {
    if (!owner) return;
    let current = true;
    void (async () => {
      const list = await pagesApi.submissions();
      if (!list.ok) return current && setLoad({ state: 'failed', message: list.message });
      const opened = await Promise.all(list.data.items.map((item) => pagesApi.submission(item.id)));
      if (!current) return;
      const failed = opened.find((answer) => !answer.ok);
      if (failed && !failed.ok) return setLoad({ state: 'failed', message: failed.message });
      setLoad({ state: 'ready', items: opened.flatMap((answer) => (answer.ok ? [answer.data] : [])) });
    })();
    return () => {
      current = false;
    };
  }, [owner, version]);

  const decided = useCallback((next: Notice) => {
    setNotice(next);
    setVersion((value) => value + 1);
  }, []);

  if (!session) return null;
  if (!owner) return <Navigate to={session.role === 'editor' ? ADMIN_PAGES.pages : ADMIN_PAGES.tables} replace />;
  return (
    <AdminShell title="Changes for review" actions={<AdminNav session={session} />}>
      <p className="admin-main__who">
        <Link to={ADMIN_PAGES.pages}>All pages</Link>
      </p>
      <p>
        Editors publish pages, translations and the menu themselves. A change to the firm’s details, the desk’s messages, the interface
        words, the privacy notice, the house style or a glossary waits here until an owner publishes it or sends it back.
      </p>
      <div aria-live="polite" className="admin-main__result">
        {notice && <p className={`desk-notice desk-notice--${notice.tone}`}>{notice.text}</p>}
      </div>
      {load.state === 'loading' && <p role="status">Loading…</p>}
      {load.state === 'failed' && <p className="desk-notice desk-notice--error">{load.message}</p>}
      {load.state === 'ready' && load.items.length === 0 && <p>Nothing is waiting for review.</p>}
      {load.state === 'ready' && load.items.map((item) => <SubmissionReview key={item.id} submission={item} onDecided={decided} />)}
    </AdminShell>
  );
}

/** One change: who sent it and why, what of it needs an owner, each file beside what is live, and the two decisions. */
function SubmissionReview({ submission, onDecided }: { submission: SubmissionView; onDecided: (notice: Notice) => void }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const { file, by } = submission;
  const moved = (submission.changes ?? []).filter((change) => change.moved).map((change) => change.file);

  async function publish() {
    const answer = await pagesApi.publishSubmission(submission.id);
    if (!answer.ok) return setRefusal(answer.message);
    onDecided({
      tone: 'success',
      text: `Published ${answer.data.files.join(', ')} as ${by} wrote it (revision ${answer.data.revision}): visitors see it now.`,
    });
  }

  async function sendBack(event: FormEvent) {
    event.preventDefault();
    const answer = await pagesApi.returnSubmission(submission.id, note);
    if (!answer.ok) {
      return answer.errors?.['note'] ? setNoteError(answer.errors['note']) : setRefusal(answer.message);
    }
    onDecided({ tone: 'success', text: `Sent the change to ${file} back to ${by} with your note; nothing was published.` });
  }

  return (
    <section className="pages-review" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {file}, from {by}
      </h2>
      <p>
        Sent on {formatIndiaTime(submission.at)}
        {submission.note ? `, with the note “${submission.note}”` : ''}. It needs an owner because it changes{' '}
        {submission.owners.map((part) => `${part.keys.join(', ')} in ${part.file}`).join('; ')}.{' '}
        <Link to={editorPath(file)}>Open {file} in the editor</Link>
      </p>
      {moved.length > 0 && (
        <p className="desk-notice desk-notice--error">
          {moved.join(', ')} changed after this was sent, so it cannot be published as it is. Send it back so that {by} brings it up to
          date.
        </p>
      )}
      {(submission.changes ?? []).map((change) => (
        <div key={change.file} className="pages-review__file">
          <h3>{change.file}</h3>
          <TextCompare
            left={change.live ?? ''}
            right={change.submitted ?? ''}
            leftLabel={`${change.file} live now`}
            rightLabel={`${change.file} as ${by} sent it`}
          />
        </div>
      ))}
      <div aria-live="polite">{refusal && <p className="desk-notice desk-notice--error">{refusal}</p>}</div>
      <div className="pages-review__decide">
        <button type="button" className="button" onClick={() => void publish()}>
          Publish the change to {file}
        </button>
        <form className="desk-form" noValidate onSubmit={(event) => void sendBack(event)}>
          <div className="desk-form__group">
            <label htmlFor={`${id}-note`}>Note for {by}</label>
            <p id={`${id}-hint`} className="field-hint">
              What to change before it can be published. {by} sees it on {file} in the editor.
            </p>
            {noteError && (
              <p id={`${id}-error`} className="field-error">
                <span className="visually-hidden">Error: </span>
                {noteError}
              </p>
            )}
            <textarea
              id={`${id}-note`}
              className="text-input"
              rows={3}
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={`${id}-hint${noteError ? ` ${id}-error` : ''}`}
            />
          </div>
          <button type="submit" className="button button--ghost">
            Send back the change to {file}
          </button>
        </form>
      </div>
    </section>
  );
}
