import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { ADMIN_PAGES } from '../../shared/adminPaths';
import { formatIndiaTime } from '../../shared/indiaTime';
import type { PageListItem } from '../../shared/pageEditor';
import { AdminShell } from '../AdminShell';
import { useDeskSession } from '../desk/useDeskSession';
import { editorPath, pagesApi } from './pagesApi';
import '../desk/desk.css';
import './pages.css';

type Notice = { tone: 'success' | 'error'; text: string };

function status(item: PageListItem): string {
  const parts = [item.draft ? 'Draft not yet published' : 'Published'];
  if (item.draft && item.problems > 0) parts.push(`${item.problems} problem${item.problems === 1 ? '' : 's'} to fix`);
  if (item.stale) parts.push('translation out of date');
  if (item.reconcile) parts.push('changed by a deploy too: compare and publish');
  return parts.join('; ');
}

/** /admin/pages: every content file, searchable, and a new page started from an existing one. */
export default function PagesListPage() {
  const { session, leave } = useDeskSession();
  const navigate = useNavigate();
  const [items, setItems] = useState<PageListItem[] | undefined>();
  const [notice, setNotice] = useState<Notice | undefined>();
  const [query, setQuery] = useState('');
  const [fresh, setFresh] = useState({ file: '', template: 'clcss.yaml' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  useEffect(() => {
    if (!session || session.role === 'staff') return;
    let current = true;
    void pagesApi.list().then((answer) => {
      if (!current) return;
      if (!answer.ok && answer.status === 401) return leave();
      if (answer.ok) setItems(answer.data.items);
      else setNotice({ tone: 'error', text: answer.message });
    });
    return () => {
      current = false;
    };
  }, [session, leave]);

  if (!session) return null;
  if (session.role === 'staff' || session.mustEnrol) return <Navigate to={ADMIN_PAGES.tables} replace />;

  async function start(event: FormEvent) {
    event.preventDefault();
    const file = fresh.file.endsWith('.yaml') ? fresh.file : `${fresh.file}.yaml`;
    const answer = await pagesApi.add(file, fresh.template);
    if (!answer.ok) {
      if (answer.status === 401) return leave();
      setErrors(answer.errors ?? {});
      return setNotice({ tone: 'error', text: answer.message });
    }
    void navigate(editorPath(answer.data.file));
  }

  const wanted = query.trim().toLowerCase();
  const shown = (items ?? []).filter(
    (item) => !wanted || item.file.includes(wanted) || (item.route ?? '').includes(wanted) || item.title.toLowerCase().includes(wanted),
  );
  const pages = (items ?? []).filter((item) => item.route !== null);

  return (
    <AdminShell title="Pages">
      <p className="admin-main__who">
        Logged in as {session.username} ({session.role}).{' '}
        <Link to={ADMIN_PAGES.tables}>{session.role === 'owner' ? 'Lead desk' : 'Sign-in security'}</Link>
      </p>
      <div aria-live="polite">{notice && <p className={`desk-notice desk-notice--${notice.tone}`}>{notice.text}</p>}</div>

      <form className="desk-form pages-new" onSubmit={(event) => void start(event)} noValidate>
        <h2>New page</h2>
        <div className="desk-form__group">
          <label htmlFor={`${id}-file`}>Web address</label>
          <p id={`${id}-file-hint`} className="field-hint">
            Lower-case letters, digits and dashes: solar-rooftop becomes /solar-rooftop.
          </p>
          {errors.file && (
            <p id={`${id}-file-error`} className="field-error">
              <span className="visually-hidden">Error: </span>
              {errors.file}
            </p>
          )}
          <input
            id={`${id}-file`}
            className="text-input"
            value={fresh.file}
            onChange={(event) => setFresh({ ...fresh, file: event.target.value })}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={`${id}-file-hint${errors.file ? ` ${id}-file-error` : ''}`}
            autoComplete="off"
          />
        </div>
        <div className="desk-form__group">
          <label htmlFor={`${id}-template`}>Start from</label>
          <select
            id={`${id}-template`}
            className="text-input"
            value={fresh.template}
            onChange={(event) => setFresh({ ...fresh, template: event.target.value })}
          >
            {pages.map((item) => (
              <option key={item.file} value={item.file}>
                {item.route} · {item.title}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Start the page
        </button>
      </form>

      <h2 id={`${id}-files`}>Content files</h2>
      <div className="desk-form__group pages-search">
        <label htmlFor={`${id}-search`}>Search by address or title</label>
        <input id={`${id}-search`} type="search" className="text-input" value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>
      {items === undefined ? (
        <p role="status">Loading…</p>
      ) : (
        <div className="desk-table" role="region" aria-labelledby={`${id}-files`} tabIndex={0}>
          <table>
            <caption className="visually-hidden">Content files: {shown.length} shown</caption>
            <thead>
              <tr>
                <th scope="col">Address or file</th>
                <th scope="col">Title</th>
                <th scope="col">Language</th>
                <th scope="col">Status</th>
                <th scope="col">Last change</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((item) => (
                <tr key={item.file}>
                  <th scope="row">
                    <Link to={editorPath(item.file)}>{item.route ?? item.file}</Link>
                  </th>
                  <td>{item.title}</td>
                  <td>{item.language}</td>
                  <td>{status(item)}</td>
                  <td>{item.updatedAt ? `${formatIndiaTime(item.updatedAt)} by ${item.updatedBy ?? ''}` : 'As deployed'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  );
}
