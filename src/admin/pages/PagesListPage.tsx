import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ADMIN_PAGES } from '../../shared/adminPages';
import { formatIndiaTime } from '../../shared/indiaTime';
import { BLANK_TEMPLATE, type PageListItem } from '../../shared/pageEditor';
import { useSiteData } from '../../shell/SiteDataContext';
import { AdminNav } from '../AdminNav';
import { AdminShell } from '../AdminShell';
import { ContentStatusPanel } from '../desk/ContentStatusPanel';
import { useAdminSession } from '../useAdminSession';
import { editorPath, pagesApi } from './pagesApi';
import { ReviewLink } from './ReviewLink';
import { SourcesDue } from './SourcesDue';
import { SourcesReportPanel } from './SourcesReportPanel';
import '../screens.css';
import './pages.css';

type Notice = { tone: 'success' | 'error'; text: string };

/** The list's filters besides search and language: for a translator, what is out of date or missing. */
const SHOW = {
  all: { label: 'Every file', keep: () => true },
  stale: { label: 'Translations out of date', keep: (item: PageListItem) => item.stale },
  untranslated: { label: 'Pages not translated yet', keep: (item: PageListItem) => item.untranslated },
  drafts: { label: 'Drafts not yet published', keep: (item: PageListItem) => item.draft },
} as const;
type Show = keyof typeof SHOW;

function status(item: PageListItem): string {
  if (item.untranslated) return 'Not translated yet: the address shows the English page';
  const parts = [item.draft ? 'Draft not yet published' : 'Published'];
  if (item.draft && item.problems > 0) parts.push(`${item.problems} problem${item.problems === 1 ? '' : 's'} to fix`);
  if (item.stale) parts.push('translation out of date');
  if (item.deployChanged) parts.push('changed by a deploy too: compare and publish');
  return parts.join('; ');
}

/** /admin/pages: every content file, searchable, and a new page started from an existing one. */
export default function PagesListPage() {
  const { session } = useAdminSession();
  const { siteLanguages } = useSiteData();
  const languageName = (code: string) => siteLanguages.nameOf(code);
  const navigate = useNavigate();
  const [items, setItems] = useState<PageListItem[] | undefined>();
  // What the editor did before it came back here (a draft thrown away, a page removed) is said at the top.
  const said = (useLocation().state as { notice?: string } | null)?.notice;
  const [notice, setNotice] = useState<Notice | undefined>(said ? { tone: 'success', text: said } : undefined);
  const [query, setQuery] = useState('');
  const [language, setLanguage] = useState('all');
  const [show, setShow] = useState<Show>('all');
  const [fresh, setFresh] = useState<{ file: string; template: string }>({ file: '', template: BLANK_TEMPLATE });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  useEffect(() => {
    if (!session || session.role === 'staff') return;
    let current = true;
    void pagesApi.list().then((answer) => {
      if (!current) return;
      if (answer.ok) setItems(answer.data.items);
      else setNotice({ tone: 'error', text: answer.message });
    });
    return () => {
      current = false;
    };
  }, [session]);

  if (!session) return null;
  if (session.role === 'staff' || session.mustEnrol) return <Navigate to={ADMIN_PAGES.tables} replace />;

  async function start(event: FormEvent) {
    event.preventDefault();
    const file = fresh.file.endsWith('.yaml') ? fresh.file : `${fresh.file}.yaml`;
    const answer = await pagesApi.add(file, fresh.template);
    if (!answer.ok) {
      setErrors(answer.errors ?? {});
      return setNotice({ tone: 'error', text: answer.message });
    }
    void navigate(editorPath(answer.data.file));
  }

  async function translate(item: PageListItem) {
    const answer = await pagesApi.add(item.file, item.file.split('/').at(-1)!);
    if (!answer.ok) return setNotice({ tone: 'error', text: answer.message });
    void navigate(editorPath(answer.data.file));
  }

  const wanted = query.trim().toLowerCase();
  const languages = [...new Set((items ?? []).map((item) => item.language))];
  const shown = (items ?? []).filter(
    (item) =>
      (!wanted || item.file.includes(wanted) || (item.route ?? '').includes(wanted) || item.title.toLowerCase().includes(wanted)) &&
      (language === 'all' || item.language === language) &&
      SHOW[show].keep(item),
  );
  const pages = (items ?? []).filter((item) => item.route !== null);

  return (
    <AdminShell title="Pages" actions={<AdminNav session={session} />}>
      <p className="admin-main__who">
        Logged in as {session.username} ({session.role}).
      </p>
      <div aria-live="polite">{notice && <p className={`desk-notice desk-notice--${notice.tone}`}>{notice.text}</p>}</div>
      <ContentStatusPanel />
      {session.role === 'owner' && <ReviewLink />}

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
            <option value={BLANK_TEMPLATE}>An empty scheme page</option>
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

      {items && <SourcesDue items={items} />}
      <SourcesReportPanel />

      <h2 id={`${id}-files`}>Content files</h2>
      <div className="pages-filters">
        <div className="desk-form__group pages-search">
          <label htmlFor={`${id}-search`}>Search by address or title</label>
          <input
            id={`${id}-search`}
            type="search"
            className="text-input"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div className="desk-form__group">
          <label htmlFor={`${id}-language`}>Language</label>
          <select id={`${id}-language`} className="text-input" value={language} onChange={(event) => setLanguage(event.target.value)}>
            <option value="all">All languages</option>
            {languages.map((code) => (
              <option key={code} value={code} lang={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </div>
        <div className="desk-form__group">
          <label htmlFor={`${id}-show`}>Show</label>
          <select id={`${id}-show`} className="text-input" value={show} onChange={(event) => setShow(event.target.value as Show)}>
            {(Object.keys(SHOW) as Show[]).map((key) => (
              <option key={key} value={key}>
                {SHOW[key].label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {items === undefined ? (
        <p role="status">Loading…</p>
      ) : (
        <div className="desk-table desk-table--cards" role="region" aria-labelledby={`${id}-files`} tabIndex={0}>
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
                    {item.untranslated ? (
                      <>
                        {item.route}{' '}
                        <button type="button" className="button button--ghost" onClick={() => void translate(item)}>
                          Start the <span lang={item.language}>{languageName(item.language)}</span> translation of {item.route}
                        </button>
                      </>
                    ) : (
                      <Link to={editorPath(item.file)}>{item.route ?? item.file}</Link>
                    )}
                  </th>
                  <td data-label="Title">{item.title}</td>
                  <td data-label="Language" lang={item.language}>
                    {languageName(item.language)}
                  </td>
                  <td data-label="Status">{status(item)}</td>
                  <td data-label="Last change">
                    {item.updatedAt
                      ? `${formatIndiaTime(item.updatedAt)} by ${item.updatedBy ?? ''}`
                      : item.untranslated
                        ? '—'
                        : 'As deployed'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  );
}
