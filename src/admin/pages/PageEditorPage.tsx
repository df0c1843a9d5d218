import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { ADMIN_PAGES } from '../../shared/adminPages';
import type { ContentOutlines, ContentProblem } from '../../shared/pageEditor';
import { AdminNav } from '../AdminNav';
import { AdminShell } from '../AdminShell';
import { useAdminSession } from '../useAdminSession';
import { DraftNotices } from './DraftNotices';
import { useChecked, usePageChoices, useSchemaHelp } from './editorHooks';
import { PagePreview } from './PagePreview';
import { ProblemList } from './ProblemList';
import { PicturePanel, pictureYaml, type PictureItem } from './PicturePanel';
import { ActionResult, type Result } from './ActionResult';
import { PublishBar } from './PublishBar';
import { ReviewNotice } from './ReviewNotice';
import { RevisionHistory } from './RevisionHistory';
import { humanize, isSampleWarning, outlineOf, plainProblems, type PlainProblem } from '../../shared/plainProblems';
import { FormView, hasForm, type FormViewHandle } from './form/FormView';
import { TranslationPanel } from './TranslationPanel';
import { useSiteData } from '../../shell/SiteDataContext';
import { readLocalCopy, useDraftSaving } from './useDraftSaving';
import { YamlEditor, type YamlEditorHandle } from './YamlEditor';
import { pagesApi, type OpenedFile } from './pagesApi';
import '../screens.css';
import './pages.css';

/** /admin/pages/<file>: one content file in the editor. */
export default function PageEditorPage() {
  const { session } = useAdminSession();
  const file = (useParams()['*'] ?? '').split('/').map(decodeURIComponent).join('/');
  const [opened, setOpened] = useState<{ file: OpenedFile; outlines: ContentOutlines } | { message: string } | undefined>();

  useEffect(() => {
    if (!session || session.role === 'staff') return;
    let current = true;
    void Promise.all([pagesApi.open(file), pagesApi.outlines()]).then(([one, outlines]) => {
      if (!current) return;
      setOpened(
        one.ok && outlines.ok
          ? { file: one.data, outlines: outlines.data }
          : { message: (!one.ok ? one : (outlines as { message: string })).message },
      );
    });
    return () => {
      current = false;
    };
  }, [file, session]);

  if (!session) return null;
  if (session.role === 'staff' || session.mustEnrol) return <Navigate to={ADMIN_PAGES.tables} replace />;
  return (
    <AdminShell title={`Edit ${file}`} actions={<AdminNav session={session} />}>
      <p className="admin-main__who">
        <Link to={ADMIN_PAGES.pages}>All pages</Link>
      </p>
      {opened === undefined ? (
        <p role="status">Loading…</p>
      ) : 'message' in opened ? (
        <p className="desk-notice desk-notice--error">{opened.message}</p>
      ) : (
        <Workspace key={file} opened={opened.file} outlines={opened.outlines} />
      )}
    </AdminShell>
  );
}

function Workspace({ opened, outlines }: { opened: OpenedFile; outlines: ContentOutlines }) {
  const { file } = opened;
  const initial = opened.draft?.source ?? opened.published?.source ?? '';
  const [text, setText] = useState(initial);
  // Each action's result shows beside the button that made it.
  const [barResult, setBarResult] = useState<Result | undefined>();
  const [rollbackResult, setRollbackResult] = useState<{ revision: string; result: Result } | undefined>();
  const [removeResult, setRemoveResult] = useState<Result | undefined>();
  const [note, setNote] = useState('');
  const [blockType, setBlockType] = useState(outlines.blocks[0]?.type ?? '');
  const [history, setHistory] = useState(0);
  const [companions, setCompanions] = useState(opened.companions);
  const [chosenCompanions, setChosenCompanions] = useState<string[]>([]);
  const [checked, setChecked] = useChecked(file, text, chosenCompanions);
  const [review, setReview] = useState(opened.review);
  const [local, setLocal] = useState(() => {
    const copy = readLocalCopy(file);
    return copy && copy.source !== initial ? copy : undefined;
  });
  // A draft based on an older revision than the one published since (another publish rewrote the file) is merged first.
  const outdated =
    opened.draft && opened.published && Number(opened.draft.basedOn) < Number(opened.published.revision)
      ? { state: 'conflict' as const, current: { ...opened.published, draft: false }, mine: opened.draft.source }
      : undefined;
  const saving = useDraftSaving(file, { revision: opened.head, drafted: opened.draft !== null }, outdated);
  const [everPublished, setEverPublished] = useState(opened.published !== null);
  const { siteLanguages } = useSiteData();
  const [refusal, setRefusal] = useState<PlainProblem[] | undefined>();
  const editor = useRef<YamlEditorHandle>(null);
  const form = useRef<FormViewHandle>(null);
  const navigate = useNavigate();
  const id = useId();
  const root = useMemo(() => outlineOf(outlines, file), [outlines, file]);
  const { page: isPage, translates } = opened;
  const isTranslation = translates !== null;
  // A page and a simple site file open in the form view; the others keep the YAML view with their own panels.
  const formable = Boolean(root) && hasForm(file, isPage, isTranslation);
  const [view, setView] = useState<'form' | 'text'>(formable ? 'form' : 'text');
  const [pictures, setPictures] = useState<PictureItem[]>([]);
  const pages = usePageChoices(isPage);
  const { complete, hover } = useSchemaHelp(outlines, root);

  const changed = useCallback(
    (source: string) => {
      setText(source);
      saving.changed(source);
    },
    [saving],
  );

  async function publish() {
    const chosen = companions.filter((companion) => chosenCompanions.includes(companion.file));
    const answer = await pagesApi.publish(file, saving.basedOn(), note, chosen);
    if (!answer.ok) {
      if (answer.status === 400 && Array.isArray(answer.body.problems)) setChecked(answer.body.problems as ContentProblem[]);
      return setBarResult({ tone: 'error', text: answer.message });
    }
    if ('submission' in answer.data) {
      // Nothing is live yet: the draft stays, and the file now says it waits for an owner.
      setNote('');
      setBarResult({ tone: 'success', text: answer.data.message });
      const now = await pagesApi.open(file);
      return now.ok ? setReview(now.data.review) : undefined;
    }
    saving.moved(answer.data.revision, false);
    setEverPublished(true);
    setCompanions((all) => all.filter((companion) => !chosenCompanions.includes(companion.file)));
    setChosenCompanions([]);
    setNote('');
    setHistory((value) => value + 1);
    setBarResult({
      tone: 'success',
      text: publishedText(answer.data.revision, file, answer.data.files, (code) => siteLanguages.nameOf(code)),
    });
  }

  async function rollback(revision: string) {
    const answer = await pagesApi.rollback(file, revision);
    const show = (result: Result) => setRollbackResult({ revision, result });
    if (!answer.ok) return show({ tone: 'error', text: answer.message });
    setHistory((value) => value + 1);
    // An editor's rollback of what speaks for the firm waits for an owner, as a publish does.
    if ('submission' in answer.data) return show({ tone: 'success', text: answer.data.message });
    // Without a draft of its own, the editor shows what is live now, so Publish cannot put the rolled-back text back.
    const now = await pagesApi.open(file);
    const kept = !now.ok || now.data.draft !== null;
    if (now.ok && !kept && now.data.published) {
      editor.current?.replace(now.data.published.source);
      saving.loaded(now.data.head);
    } else saving.moved(answer.data.revision, kept);
    show({
      tone: 'success',
      text: `Revision ${revision} is live again, as revision ${answer.data.revision}. ${kept ? 'Your draft is kept.' : 'The text above is what visitors see now.'}`,
    });
  }

  async function discard() {
    const question = everPublished
      ? 'Throw away your unpublished changes? The editor then shows what visitors see now.'
      : `Throw away this draft? ${addressOf(file)} was never published, so it leaves the list of pages.`;
    if (!window.confirm(question)) return;
    const answer = await pagesApi.discard(file, saving.basedOn());
    if (!answer.ok) return setBarResult({ tone: 'error', text: answer.message });
    const { published, head } = answer.data;
    if (published === null) {
      void navigate(ADMIN_PAGES.pages, { state: { notice: `The draft of ${addressOf(file)} was thrown away; it is no longer listed.` } });
      return;
    }
    editor.current?.replace(published.source);
    saving.loaded(head);
    setBarResult({ tone: 'success', text: 'Draft thrown away: the text is what visitors see now.' });
  }

  async function remove() {
    if (!window.confirm(`Remove ${file} from the site? Its address will answer "page not found"; its history is kept.`)) return;
    const answer = await pagesApi.remove(file);
    if (!answer.ok) {
      // The places that link here, named as the person sees them; the page's own check (and Publish) stay as they were.
      const problems = Array.isArray(answer.body.problems) ? (answer.body.problems as ContentProblem[]) : [];
      const files = [...new Set(problems.map((problem) => problem.file))];
      const read = await Promise.all(files.map((other) => pagesApi.open(other)));
      const sources = new Map(
        files.flatMap((other, index) => {
          const one = read[index]!;
          return one.ok ? [[other, one.data.published?.source ?? one.data.draft?.source ?? ''] as const] : [];
        }),
      );
      setRemoveResult({ tone: 'error', text: `${answer.message} These still link to it; take them out first:` });
      return setRefusal(plainProblems(problems, { outlines, sources }));
    }
    void navigate(ADMIN_PAGES.pages, { state: { notice: `${addressOf(file)} was removed: its address now answers “page not found”.` } });
  }

  const refusalList = refusal && (
    <>
      <ul>
        {refusal.map((place, index) => (
          <li key={index}>
            {place.file.startsWith('_site.yaml') || place.file.endsWith('/_site.yaml') ? '' : `${place.file}: `}
            {place.where}
          </li>
        ))}
      </ul>
      {refusal.some((place) => place.file.endsWith('_site.yaml')) && <Link to={ADMIN_PAGES.menu}>Open the menu</Link>}
    </>
  );

  const takeVersion = (source: string, revision: string) => {
    editor.current?.replace(source);
    saving.resolve(source, revision);
  };

  const errors = checked.filter((problem) => problem.severity === 'error').length;
  const ownProblems = checked.filter((problem) => problem.file === file);
  // The firm's sample details are one notice on the site file, not a warning in every page's list.
  const samples = checked.filter(isSampleWarning);
  const listed = checked.filter((problem) => !isSampleWarning(problem));
  const plain = plainProblems(listed, { outlines, sources: new Map([[file, text]]) });
  const goTo = (problem: PlainProblem) => {
    if (view === 'form' && form.current?.show(problem.pointer)) return;
    setView('text');
    setTimeout(() => editor.current?.goTo(problem.line, problem.col));
  };
  const save = saving.saveState;

  return (
    <div className="pages-editor">
      <ReviewNotice review={review} />
      <DraftNotices
        opened={opened}
        save={save}
        local={local}
        onLocalDone={() => setLocal(undefined)}
        takeVersion={takeVersion}
        basedOn={() => saving.basedOn()}
        id={id}
      />

      <div className="pages-editor__panes">
        <section aria-labelledby={`${id}-text`} className="pages-editor__text">
          <h2 id={`${id}-text`}>{view === 'form' ? `Form of ${file}` : `Text of ${file}`}</h2>
          {formable && (
            <div className="pages-editor__views" role="group" aria-label={isPage ? 'How to edit the page' : 'How to edit the file'}>
              <button type="button" className="button button--ghost" aria-pressed={view === 'form'} onClick={() => setView('form')}>
                Form
              </button>
              <button type="button" className="button button--ghost" aria-pressed={view === 'text'} onClick={() => setView('text')}>
                YAML text
              </button>
            </div>
          )}
          {file === '_site.yaml' && (
            <p className="field-hint">
              The menu and the footer’s links have a screen of their own, in every language at once: <Link to={ADMIN_PAGES.menu}>Menu</Link>
              .
            </p>
          )}
          {file === '_site.yaml' && samples.length > 0 && (
            <p className="desk-notice desk-notice--error">
              Still samples, not the firm’s own: {samples.map((problem) => humanize(problem.path).toLowerCase()).join(', ')}. Replace them
              below and take them off the sample list before the site goes live.
            </p>
          )}
          {view === 'form' && root && (
            <FormView
              ref={form}
              source={text}
              outlines={outlines}
              outline={root}
              problems={plain.filter((problem) => problem.file === file)}
              pages={pages}
              pictures={pictures}
              onChange={(next) => editor.current?.replace(next)}
              onShowText={() => setView('text')}
            />
          )}
          <div hidden={view === 'form'}>
            <p id={`${id}-help`} className="field-hint">
              Ctrl+Space suggests keys and values; hover over a key for its help. Tab indents; press Escape, then Tab, to leave the text.
            </p>
            <div className="pages-editor__tools">
              {isPage && (
                <div className="pages-editor__insert">
                  <label htmlFor={`${id}-block`}>Block to insert</label>
                  <select
                    id={`${id}-block`}
                    className="text-input"
                    value={blockType}
                    onChange={(event) => setBlockType(event.target.value)}
                  >
                    {outlines.blocks.map((block) => (
                      <option key={block.type} value={block.type}>
                        {block.type}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => {
                      const block = outlines.blocks.find((entry) => entry.type === blockType);
                      if (block) editor.current?.insertLines(block.yaml.replace(/^/gm, '  ').replace(/ +$/gm, ''));
                    }}
                  >
                    Insert block
                  </button>
                </div>
              )}
            </div>
            <YamlEditor
              ref={editor}
              initial={initial}
              labelledBy={`${id}-text`}
              describedBy={`${id}-help`}
              onChange={changed}
              problems={ownProblems}
              {...(complete && { complete })}
              {...(hover && { hover })}
            />
          </div>
          {isPage && everPublished && (
            <div className="pages-editor__remove">
              <button type="button" className="button button--ghost" onClick={() => void remove()}>
                Remove this page
              </button>
              <ActionResult result={removeResult}>{refusalList}</ActionResult>
            </div>
          )}
        </section>
        <PagePreview file={file} source={text} companions={chosenCompanions} {...(isPage && { outlines })} />
      </div>
      <PublishBar
        save={save}
        hasDraft={saving.drafted}
        errors={errors}
        problemsId={`${id}-problems`}
        note={note}
        onNote={setNote}
        companions={companions}
        chosen={chosenCompanions}
        onChoose={setChosenCompanions}
        review={review}
        onPublish={() => void publish()}
        onDiscard={() => void discard()}
        result={barResult}
      />
      <PicturePanel
        onPictures={setPictures}
        {...(isPage &&
          view === 'text' && {
            onInsert: (picture: PictureItem) => editor.current?.insertAtCursor(pictureYaml(picture)),
          })}
      />
      {isTranslation && <TranslationPanel file={file} source={text} outlines={outlines} />}
      <ProblemList file={file} problems={plain} onGoTo={goTo} headingId={`${id}-problems`} />
      <RevisionHistory file={file} version={history} onRollback={(revision) => void rollback(revision)} result={rollbackResult} />
    </div>
  );
}

/** A file's address as the person knows it: /solar-rooftop, or the file's name for a site file. */
function addressOf(file: string): string {
  const [name, language] = file.split('/').reverse() as [string, string | undefined];
  if (name.startsWith('_')) return file;
  const route = name === 'index.yaml' ? '' : `/${name.replace(/\.yaml$/, '')}`;
  return language ? `/${language}${route}` : route || '/';
}

/** What a publish did, in words: the other languages' drafts it took along, and why the site file went with it. */
function publishedText(revision: string, file: string, files: readonly string[], languageName: (code: string) => string): string {
  const name = file.split('/').at(-1)!;
  const others = files.filter((other) => other !== file);
  const languages = others.filter((other) => other.split('/').at(-1) === name).map((other) => languageName(other.split('/')[0]!));
  const siteList = others.some((other) => other !== file && other.split('/').at(-1) === '_site.yaml' && name !== '_site.yaml');
  return [
    `Published as revision ${revision}${languages.length ? `, with its ${languages.join(' and ')} draft${languages.length > 1 ? 's' : ''}` : ''}: visitors see it now.`,
    siteList ? 'The site’s list of pages still to translate was brought up to date with it.' : '',
  ]
    .filter(Boolean)
    .join(' ');
}
