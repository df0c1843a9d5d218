import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { ADMIN_PAGES } from '../../shared/adminPages';
import type { ContentOutlines, ContentProblem } from '../../shared/pageEditor';
import { AdminNav } from '../AdminNav';
import { AdminShell } from '../AdminShell';
import { useAdminSession } from '../useAdminSession';
import { DraftNotices, saveText } from './DraftNotices';
import { useChecked, usePageChoices, useSchemaHelp } from './editorHooks';
import { PagePreview } from './PagePreview';
import { ProblemList } from './ProblemList';
import { MenuPanel } from './MenuPanel';
import { PicturePanel, pictureYaml, type PictureItem } from './PicturePanel';
import { PublishCompanions } from './PublishCompanions';
import { publishHint, ReviewNotice } from './ReviewNotice';
import { RevisionHistory } from './RevisionHistory';
import { humanize, isSampleWarning, outlineOf, plainProblems, type PlainProblem } from '../../shared/plainProblems';
import { FormView, hasForm, type FormViewHandle } from './form/FormView';
import { TranslationPanel } from './TranslationPanel';
import { readLocalCopy, useDraftSaving } from './useDraftSaving';
import { YamlEditor, type YamlEditorHandle } from './YamlEditor';
import { editorPath, pagesApi, type OpenedFile } from './pagesApi';
import '../screens.css';
import './pages.css';

type Notice = { tone: 'success' | 'error'; text: string };

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
  const [notice, setNotice] = useState<Notice | undefined>();
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
  const saving = useDraftSaving(file, opened.head, outdated);
  const [refusal, setRefusal] = useState<{ message: string; places: PlainProblem[] } | undefined>();
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

  /** The other languages' drafts changed (the menu saves them): list them again, ticked to go live with this file. */
  async function refreshCompanions() {
    const answer = await pagesApi.open(file);
    if (!answer.ok) return undefined;
    setCompanions(answer.data.companions);
    setChosenCompanions(answer.data.companions.map((companion) => companion.file));
  }

  async function publish() {
    const chosen = companions.filter((companion) => chosenCompanions.includes(companion.file));
    const answer = await pagesApi.publish(file, saving.basedOn(), note, chosen);
    if (!answer.ok) {
      if (answer.status === 400 && Array.isArray(answer.body.problems)) setChecked(answer.body.problems as ContentProblem[]);
      return setNotice({ tone: 'error', text: answer.message });
    }
    if ('submission' in answer.data) {
      // Nothing is live yet: the draft stays, and the file now says it waits for an owner.
      setNote('');
      setNotice({ tone: 'success', text: answer.data.message });
      const now = await pagesApi.open(file);
      return now.ok ? setReview(now.data.review) : undefined;
    }
    saving.moved(answer.data.revision);
    setCompanions((all) => all.filter((companion) => !chosenCompanions.includes(companion.file)));
    setChosenCompanions([]);
    setNote('');
    setHistory((value) => value + 1);
    const others = answer.data.files.filter((name) => name !== file);
    setNotice({
      tone: 'success',
      text: `Published as revision ${answer.data.revision}${others.length ? `, with ${others.join(', ')}` : ''}: visitors see it now.`,
    });
  }

  async function rollback(revision: string) {
    const answer = await pagesApi.rollback(file, revision);
    if (!answer.ok) return setNotice({ tone: 'error', text: answer.message });
    setHistory((value) => value + 1);
    // An editor's rollback of what speaks for the firm waits for an owner, as a publish does.
    if ('submission' in answer.data) return setNotice({ tone: 'success', text: answer.data.message });
    // Without a draft of its own, the editor shows what is live now, so Publish cannot put the rolled-back text back.
    const now = await pagesApi.open(file);
    const kept = !now.ok || now.data.draft !== null;
    if (now.ok && !kept && now.data.published) {
      editor.current?.replace(now.data.published.source);
      saving.loaded(now.data.head);
    } else saving.moved(answer.data.revision);
    setNotice({
      tone: 'success',
      text: `Revision ${revision} is live again, as revision ${answer.data.revision}. ${kept ? 'Your draft is kept.' : 'The text below is what visitors see now.'}`,
    });
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
      setNotice(undefined);
      return setRefusal({ message: answer.message, places: plainProblems(problems, { outlines, sources }) });
    }
    void navigate(ADMIN_PAGES.pages);
  }

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
      <div aria-live="polite" className="admin-main__result">
        {notice && <p className={`desk-notice desk-notice--${notice.tone}`}>{notice.text}</p>}
        {refusal && (
          <div className="desk-notice desk-notice--error">
            <p>{refusal.message} These still link to it; take them out first:</p>
            <ul>
              {refusal.places.map((place, index) => (
                <li key={index}>
                  {place.file.startsWith('_site.yaml') || place.file.endsWith('/_site.yaml') ? '' : `${place.file}: `}
                  {place.where}
                </li>
              ))}
            </ul>
            {refusal.places.some((place) => place.file.endsWith('_site.yaml')) && <Link to={editorPath('_site.yaml')}>Open the menu</Link>}
          </div>
        )}
      </div>
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
          <p role="status" className="pages-editor__saved">
            {saveText(save)}
          </p>
          <form
            className="desk-form pages-editor__publish"
            onSubmit={(event) => {
              event.preventDefault();
              void publish();
            }}
          >
            <div className="desk-form__group">
              <label htmlFor={`${id}-note`}>Note for the history (optional)</label>
              <input
                id={`${id}-note`}
                className="text-input"
                maxLength={200}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </div>
            <PublishCompanions companions={companions} chosen={chosenCompanions} onChange={setChosenCompanions} />
            <button type="submit" className="button" disabled={save.state !== 'saved' || errors > 0} aria-describedby={`${id}-why`}>
              Publish
            </button>
            <p id={`${id}-why`} className="field-hint">
              {errors > 0
                ? 'Fix the errors listed below first.'
                : save.state !== 'saved'
                  ? 'Publishing waits for the draft to be saved.'
                  : publishHint(review)}
            </p>
          </form>
          {isPage && (
            <button type="button" className="button button--ghost" onClick={() => void remove()}>
              Remove this page
            </button>
          )}
        </section>
        <PagePreview file={file} source={text} companions={chosenCompanions} />
      </div>
      {file === '_site.yaml' && (
        <MenuPanel source={text} onEnglish={(english) => editor.current?.replace(english)} onDraftsSaved={() => void refreshCompanions()} />
      )}
      <PicturePanel
        onPictures={setPictures}
        {...(isPage &&
          view === 'text' && {
            onInsert: (picture: PictureItem) => editor.current?.insertAtCursor(pictureYaml(picture)),
          })}
      />
      {isTranslation && <TranslationPanel file={file} source={text} outlines={outlines} />}
      <ProblemList file={file} problems={plain} onGoTo={goTo} headingId={`${id}-problems`} />
      <RevisionHistory file={file} version={history} onRollback={(revision) => void rollback(revision)} />
    </div>
  );
}
