import { useEffect, useId, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { ADMIN_PAGES } from '../../shared/adminPages';
import { useSiteData } from '../../shell/SiteDataContext';
import { AdminNav } from '../AdminNav';
import { AdminShell } from '../AdminShell';
import { useAdminSession } from '../useAdminSession';
import { ActionResult, type Result } from './ActionResult';
import { languagesOf, outsideMenu } from './menuEdits';
import { MenuPanel, type SiteFile } from './MenuPanel';
import { editorPath, pagesApi, type OpenedFile } from './pagesApi';
import '../screens.css';
import './pages.css';

const SITE_FILE = '_site.yaml';
const fileOf = (code: string, index: number) => (index === 0 ? SITE_FILE : `${code}/${SITE_FILE}`);

/** A language's site file as the menu starts from it, and whether its draft changes more than the menu. */
interface Loaded extends SiteFile {
  drafted: boolean;
  /** Whether its draft changes more than the menu (the firm's details), and who saved it when known. */
  otherChanges: { by: string | undefined } | null;
}

const loadedOf = (opened: OpenedFile, savedBy: (file: string) => string | undefined): Loaded => {
  const live = opened.published?.source ?? '';
  const source = opened.draft?.source ?? live;
  const otherChanges = opened.draft !== null && outsideMenu(source) !== outsideMenu(live);
  return {
    file: opened.file,
    source,
    head: opened.head,
    drafted: opened.draft !== null,
    otherChanges: otherChanges ? { by: savedBy(opened.file) } : null,
  };
};

/** Each language's site file, English first, by language code. */
async function loadAll(): Promise<Map<string, Loaded> | { message: string }> {
  const english = await pagesApi.open(SITE_FILE);
  if (!english.ok) return { message: english.message };
  const codes = languagesOf(english.data.published?.source ?? english.data.draft?.source ?? '').map((language) => language.code);
  const others = await Promise.all(codes.slice(1).map((code, index) => pagesApi.open(fileOf(code, index + 1))));
  const failed = others.find((answer) => !answer.ok);
  if (failed && !failed.ok) return { message: failed.message };
  // Who saved each draft: the English file lists the other languages' drafts, and each of those lists the English one.
  const drafts = new Map(
    [english, ...others].flatMap((answer) => (answer.ok ? answer.data.companions : [])).map((one) => [one.file, one] as const),
  );
  const savedBy = (file: string) => drafts.get(file)?.by;
  return new Map(
    [english, ...others].map((answer, index) => [codes[index] ?? 'en', loadedOf((answer as { data: OpenedFile }).data, savedBy)]),
  );
}

/** /admin/menu: the site's menu and footer links in every language, changed and published on one screen. */
export default function MenuPage() {
  const { session } = useAdminSession();
  if (!session) return null;
  if (session.role === 'staff' || session.mustEnrol) return <Navigate to={ADMIN_PAGES.tables} replace />;
  return (
    <AdminShell title="Menu" actions={<AdminNav session={session} />}>
      <p className="admin-main__who">
        <Link to={ADMIN_PAGES.pages}>All pages</Link>
      </p>
      <MenuScreen />
    </AdminShell>
  );
}

function MenuScreen() {
  const id = useId();
  const { siteLanguages } = useSiteData();
  const [files, setFiles] = useState<Map<string, Loaded> | { message: string } | undefined>();
  const [note, setNote] = useState('');
  const [result, setResult] = useState<Result | undefined>();
  const [publishing, setPublishing] = useState(false);

  useEffect(() => {
    let current = true;
    void loadAll().then((loaded) => {
      if (current) setFiles(loaded);
    });
    return () => {
      current = false;
    };
  }, []);

  if (files === undefined) return <p role="status">Loading…</p>;
  if ('message' in files) return <p className="desk-notice desk-notice--error">{files.message}</p>;

  const nameOf = (code: string) => siteLanguages.nameOf(code);
  // A draft that changes more than the menu (the firm's details, which an owner reviews) never goes live with it.
  const held = [...files].filter(([, file]) => file.otherChanges);
  const drafted = [...files.values()].filter((file) => file.drafted);

  async function publish() {
    if (!(files instanceof Map)) return;
    const [first, ...rest] = [...files.values()].filter((file) => file.drafted);
    if (!first) return;
    setPublishing(true);
    const answer = await pagesApi.publish(
      first.file,
      first.head,
      note,
      rest.map((file) => ({ file: file.file, revision: file.head })),
    );
    setPublishing(false);
    if (!answer.ok) {
      const problems = Array.isArray(answer.body.problems) ? (answer.body.problems as { message: string }[]) : [];
      return setResult({
        tone: 'error',
        text: `The menu was not published: ${problems.length > 0 ? problems.map((problem) => problem.message).join(' ') : answer.message}`,
      });
    }
    setNote('');
    if ('submission' in answer.data) setResult({ tone: 'success', text: answer.data.message });
    else setResult({ tone: 'success', text: `The menu is published in ${[...files.keys()].map(nameOf).join(', ')}: visitors see it now.` });
    setFiles(await loadAll());
  }

  return (
    <>
      {held.length > 0 ? (
        <div className="desk-notice desk-notice--error">
          <p>
            The site’s details have a change waiting that is not only the menu:{' '}
            {held.map(([code, file]) => `${nameOf(code)}${file.otherChanges!.by ? `, saved by ${file.otherChanges!.by}` : ''}`).join('; ')}.
            The menu can be changed once that change is published or thrown away, so it never goes live with the menu. An owner does this in
            the site’s details:{' '}
            {held.map(([code, file]) => (
              <Link key={code} to={editorPath(file.file)}>
                Open the {nameOf(code)} site details{' '}
              </Link>
            ))}
          </p>
        </div>
      ) : (
        <MenuPanel
          files={files}
          onSaved={(saved) =>
            setFiles(
              new Map(
                [...files].map(([code, file]) => [
                  code,
                  { ...file, ...saved.get(code)!, drafted: file.drafted || saved.get(code)!.head !== file.head },
                ]),
              ),
            )
          }
        />
      )}
      <section className="pages-actions" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="visually-hidden">
          Publish
        </h2>
        <p className="pages-actions__state" role="status">
          {drafted.length > 0
            ? `Changes saved, not yet live, in ${[...files]
                .filter(([, file]) => file.drafted)
                .map(([code]) => nameOf(code))
                .join(', ')}.`
            : 'The menu is as visitors see it.'}
        </p>
        <form
          className="pages-actions__form"
          onSubmit={(event) => {
            event.preventDefault();
            void publish();
          }}
        >
          <div className="desk-form__group pages-actions__note">
            <label htmlFor={`${id}-note`}>Note for the history (optional)</label>
            <input
              id={`${id}-note`}
              className="text-input"
              maxLength={200}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <div className="pages-actions__buttons">
            <button type="submit" className="button" disabled={drafted.length === 0 || held.length > 0 || publishing}>
              Publish the menu
            </button>
          </div>
          <p className="field-hint pages-actions__why">
            {drafted.length === 0
              ? 'Nothing to publish: change the menu first.'
              : 'Every language’s menu goes live at once; nothing else of the site’s details goes with it.'}
          </p>
        </form>
        <ActionResult result={result} />
      </section>
    </>
  );
}
