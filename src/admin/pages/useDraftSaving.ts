import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContentProblem } from '../../shared/pageEditor';
import { pagesApi, type Current } from './pagesApi';

/** How long after the last key press a draft is saved. */
const SAVE_AFTER_MS = 800;
/** How often a draft kept on this device is offered to the server again while it cannot be reached. */
const RETRY_MS = 5_000;

export type SaveState =
  | { state: 'saved'; revision: string }
  | { state: 'saving' }
  | { state: 'waiting' }
  | { state: 'offline' }
  | { state: 'conflict'; current: Current; mine: string }
  | { state: 'failed'; message: string };

/** Where the text is kept on this device while the server cannot be reached: never anything secret, only the page's text. */
export const localKey = (file: string) => `page-draft:${file}`;

interface LocalCopy {
  source: string;
  basedOn: string;
}

export function readLocalCopy(file: string): LocalCopy | undefined {
  try {
    const kept = localStorage.getItem(localKey(file));
    return kept ? (JSON.parse(kept) as LocalCopy) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Saves the draft a moment after typing stops, each save based on the revision the last one
 * made. A save the server refuses as based on an older revision becomes a conflict to merge;
 * one that cannot reach the server is kept on this device and offered again until it lands.
 */
export function useDraftSaving(
  file: string,
  start: { revision: string; drafted: boolean },
  outdated?: Extract<SaveState, { state: 'conflict' }>,
) {
  const startRevision = start.revision;
  // A draft begun before the file was last published opens as a conflict to merge, never as saved on top of it.
  const [saveState, setSaveState] = useState<SaveState>(outdated ?? { state: 'saved', revision: startRevision });
  const [problems, setProblems] = useState<ContentProblem[] | undefined>();
  /** Whether the store holds a draft of the file, newer than what visitors see. */
  const [drafted, setDrafted] = useState(start.drafted);
  const basedOn = useRef(startRevision);
  const pending = useRef<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef(false);

  const saveNow = useCallback(async () => {
    const source = pending.current;
    if (source === undefined || running.current) return;
    running.current = true;
    pending.current = undefined;
    setSaveState({ state: 'saving' });
    const answer = await pagesApi.save(file, source, basedOn.current);
    running.current = false;
    if (answer.ok) {
      basedOn.current = answer.data.revision;
      localStorage.removeItem(localKey(file));
      setProblems(answer.data.problems);
      setDrafted(true);
      setSaveState({ state: 'saved', revision: answer.data.revision });
      if (pending.current !== undefined) void saveNow();
      return;
    }
    if (answer.status === 409) {
      setSaveState({ state: 'conflict', current: answer.body.current as Current, mine: source });
      return;
    }
    pending.current ??= source;
    if (answer.status === 0) {
      localStorage.setItem(localKey(file), JSON.stringify({ source: pending.current, basedOn: basedOn.current } satisfies LocalCopy));
      setSaveState({ state: 'offline' });
      timer.current = setTimeout(() => void saveNow(), RETRY_MS);
      return;
    }
    setSaveState({ state: 'failed', message: answer.message });
  }, [file]);

  const changed = useCallback(
    (source: string) => {
      pending.current = source;
      clearTimeout(timer.current);
      setSaveState((now) => (now.state === 'conflict' || now.state === 'offline' ? now : { state: 'waiting' }));
      timer.current = setTimeout(() => void saveNow(), SAVE_AFTER_MS);
    },
    [saveNow],
  );

  /** After a merge: the merged text, saved on top of what the server has now. */
  const resolve = useCallback(
    (source: string, revision: string) => {
      basedOn.current = revision;
      pending.current = source;
      void saveNow();
    },
    [saveNow],
  );

  useEffect(() => {
    const online = () => void saveNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, [saveNow]);

  return {
    saveState,
    problems,
    changed,
    resolve,
    /** The revision the next save or a publish is based on. */
    basedOn: () => basedOn.current,
    drafted,
    /** The text shown is what is live at `revision` (after a rollback or a discarded draft): there is nothing to save. */
    loaded: (revision: string) => {
      clearTimeout(timer.current);
      pending.current = undefined;
      basedOn.current = revision;
      localStorage.removeItem(localKey(file));
      setDrafted(false);
      setSaveState({ state: 'saved', revision });
    },
    /** A publish or rollback made a new revision: later saves are based on it; a rollback keeps the draft in progress. */
    moved: (revision: string, draftKept: boolean) => {
      basedOn.current = revision;
      setDrafted(draftKept);
      setSaveState({ state: 'saved', revision });
    },
    /** Whether something typed has not reached the server yet. */
    unsaved: () => pending.current !== undefined || running.current,
  };
}
