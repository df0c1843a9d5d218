import type { Dispatch, SetStateAction } from 'react';

interface Props {
  /** The cursors of the pages walked through so far; the last one names the page shown. */
  cursors: string[];
  setCursors: Dispatch<SetStateAction<string[]>>;
  nextCursor: string | null;
}

/** Newer and Older buttons for a newest-first list read a page at a time. */
export function DeskPager({ cursors, setCursors, nextCursor }: Props) {
  return (
    <nav className="desk-pager" aria-label="Pages">
      <button
        type="button"
        className="button button--ghost"
        disabled={cursors.length === 0}
        onClick={() => setCursors((list) => list.slice(0, -1))}
      >
        Newer
      </button>
      <button
        type="button"
        className="button button--ghost"
        disabled={!nextCursor}
        onClick={() => nextCursor && setCursors((list) => [...list, nextCursor])}
      >
        Older
      </button>
    </nav>
  );
}
