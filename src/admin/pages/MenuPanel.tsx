import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { applyMenuEdit, languagesOf, readMenu, type MenuEdit, type MenuList } from './menuEdits';
import { AddEntry, type Place } from './MenuForms';
import { MenuListView, type MenuActions } from './MenuTree';
import { pagesApi, type OpenedFile } from './pagesApi';

interface Props {
  /** The English site file as it is in the editor now. */
  source: string;
  /** Puts the English site file's new text into the editor (which saves it as a draft). */
  onEnglish: (text: string) => void;
  /** The other languages' site files were saved as drafts, to publish with this one. */
  onDraftsSaved: () => void;
}

type Other = { file: string; source: string; head: string };
const otherOf = (opened: OpenedFile): Other => ({
  file: opened.file,
  source: opened.draft?.source ?? opened.published?.source ?? '',
  head: opened.head,
});

function placesOf(list: MenuList, name: string, column = false): Place[] {
  return [
    { path: list.path, name, column },
    ...list.entries.flatMap((entry) => [
      ...(entry.columns ?? []).flatMap((inner) => placesOf(inner, `${entry.label} › ${inner.heading}`, true)),
      ...(entry.items ? placesOf(entry.items, `${name === 'Top menu' ? '' : `${name} › `}${entry.label}`) : []),
    ]),
  ];
}

type Saved = { others: Map<string, Other> };

/**
 * Saves each language's changed site file as a draft, all in one change set: the server writes
 * them all or none, so the languages stay in step with each other.
 */
async function saveAll(
  others: ReadonlyMap<string, Other>,
  changed: readonly (readonly [string, string])[],
): Promise<Saved | (Saved & { failed: string })> {
  const now = new Map(others);
  const answer = await pagesApi.saveDrafts(
    changed.map(([code, text]) => ({ path: others.get(code)!.file, text, basedOn: others.get(code)!.head })),
  );
  if (!answer.ok) {
    return { others: now, failed: `The menu was not changed (${answer.message}). Reload the page and try again.` };
  }
  changed.forEach(([code, text], index) => now.set(code, { ...now.get(code)!, source: text, head: answer.data.drafts[index]!.revision }));
  return { others: now };
}

/**
 * The menu and footer of `_site.yaml` as visitors see them, changed entry by entry: each change
 * is made in every language's site file (comments kept), the English one in the editor and the
 * others saved as drafts, so the check, the preview and one publish take them all.
 */
export function MenuPanel({ source, onEnglish, onDraftsSaved }: Props) {
  const id = useId();
  const languages = useMemo(() => languagesOf(source), [source]);
  const [others, setOthers] = useState<Map<string, Other> | undefined>();
  const [pages, setPages] = useState<{ route: string; title: string }[]>([]);
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  const [renaming, setRenaming] = useState<string | undefined>();
  /** The controls to focus once the change shows, by data-focus, the first found (it may have moved with its entry). */
  const pendingFocus = useRef<readonly string[]>([]);
  const setFocus = (keys: readonly string[]) => {
    pendingFocus.current = keys;
  };
  const section = useRef<HTMLElement>(null);
  const busy = useRef(false);
  const codes = languages.map((language) => language.code).join(' ');

  useEffect(() => {
    let current = true;
    const load = async () => {
      const files = codes.split(' ').slice(1);
      const opened = await Promise.all(files.map((code) => pagesApi.open(`${code}/_site.yaml`)));
      const list = await pagesApi.list();
      if (!current) return;
      setOthers(new Map(opened.flatMap((answer, at) => (answer.ok ? [[files[at]!, otherOf(answer.data)] as const] : []))));
      if (list.ok)
        setPages(
          list.data.items.flatMap((item) => (item.language === 'en' && item.route ? [{ route: item.route, title: item.title }] : [])),
        );
    };
    void load();
    return () => {
      current = false;
    };
  }, [codes]);

  const sources = useMemo(
    () => others && new Map([[languages[0]?.code ?? 'en', source], ...[...others].map(([code, other]) => [code, other.source] as const)]),
    [languages, source, others],
  );
  const menu = useMemo(() => {
    try {
      return sources && readMenu(sources);
    } catch {
      return undefined;
    }
  }, [sources]);

  useEffect(() => {
    if (pendingFocus.current.length === 0) return;
    const found = [...pendingFocus.current, 'menu']
      .map((key) => section.current?.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`))
      .find(Boolean);
    found?.focus();
    pendingFocus.current = [];
  });

  if (!sources || !others) return null;

  const change = async (edit: MenuEdit, done: string, focusAfter?: readonly string[]) => {
    // One change at a time: a second press while drafts are saving would be made on old text.
    if (busy.current) return;
    let changed: Map<string, string>;
    try {
      changed = applyMenuEdit(sources, edit);
    } catch (error) {
      setMessage({ text: `The menu could not be changed: ${(error as Error).message}`, error: true });
      return;
    }
    busy.current = true;
    setMessage({ text: 'Saving the change in every language…', error: false });
    const [english, ...rest] = changed;
    const outcome = await saveAll(others, rest);
    busy.current = false;
    setOthers(outcome.others);
    if ('failed' in outcome) {
      setMessage({ text: outcome.failed, error: true });
      return;
    }
    // The English file changes last, once every other language has its change.
    onEnglish(english![1]);
    setFocus(focusAfter ?? ['menu']);
    onDraftsSaved();
    setMessage({ text: `${done} In every language; publish _site.yaml with the other languages ticked.`, error: false });
  };

  const places = menu ? [...placesOf(menu.nav, 'Top menu'), ...placesOf(menu.footer, 'Footer')] : [];
  const actions: MenuActions = {
    languages,
    places,
    renaming,
    setRenaming,
    change: (edit, done, focusAfter) => void change(edit, done, focusAfter),
    setFocus: (key) => setFocus([key]),
  };

  return (
    <section ref={section} aria-labelledby={`${id}-title`} className="pages-menu">
      <h2 id={`${id}-title`} tabIndex={-1} data-focus="menu">
        Menu
      </h2>
      <p className="field-hint">
        The menu and footer as visitors see them. Each change is made in every language’s site file and saved as a draft; publish _site.yaml
        with the other languages ticked to put it live.
      </p>
      <p role={message?.error ? 'alert' : 'status'} className={message?.error ? 'field-error' : 'field-hint'}>
        {message?.text}
      </p>
      {!menu ? (
        <p>The menu cannot be shown while the site files have errors. Fix them in the text first.</p>
      ) : (
        <>
          <h3>Top menu</h3>
          <MenuListView list={menu.nav} label="Top menu" actions={actions} />
          <h3>Footer</h3>
          <MenuListView list={menu.footer} label="Footer" actions={actions} />
          <AddEntry
            pages={pages}
            places={places}
            languages={languages}
            onAdd={(to, labels, place) =>
              void change({ kind: 'add', list: place.path, to, labels }, `Added ${labels[languages[0]!.code]} to ${place.name}.`)
            }
          />
        </>
      )}
    </section>
  );
}
