import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_PAGES } from '../../shared/adminPages';
import type { BoardCard, BoardColumn } from '../../shared/board';
import { formatWholeRupees } from '../../lib/formatRupees';
import { adminApi } from '../adminApi';
import { OverdueMark } from './OverdueMark';
import { plural } from './deskText';
import { useDeskWorkflow } from './useDeskWorkflow';
import './DeskBoard.css';

/** Where a card can go from the board: every other status, and each closing reason of one that asks for one. */
interface Destination {
  status: string;
  closedReason?: string;
  label: string;
}

function useDestinations(): (from: string) => Destination[] {
  const { statuses, closedReasons } = useDeskWorkflow();
  return (from) =>
    statuses
      .filter((status) => status.id !== from)
      .flatMap((status) =>
        status.needsReason
          ? closedReasons.map((reason) => ({ status: status.id, closedReason: reason.id, label: `${status.label}: ${reason.label}` }))
          : [{ status: status.id, label: status.label }],
      );
}

/**
 * The Move to… menu of a card: a button that opens a list of the statuses it can go to; arrow keys,
 * Home and End move within it, Escape closes it and gives the focus back to the button.
 */
function MoveMenu({ card, destinations, onMove }: { card: BoardCard; destinations: Destination[]; onMove: (to: Destination) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const go = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (go !== undefined) {
      event.preventDefault();
      all[(go + all.length) % all.length]?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  }

  return (
    <div className="desk-board__move">
      <button
        ref={button}
        type="button"
        className="button button--ghost"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        data-move={card._id}
        onClick={() => setOpen(!open)}
      >
        Move to…<span className="visually-hidden"> ({card.name})</span>
      </button>
      <ul id={`${id}-menu`} ref={menu} role="menu" aria-label={`Move ${card.name} to`} hidden={!open} onKeyDown={onKeyDown}>
        {destinations.map((destination) => (
          <li key={`${destination.status} ${destination.closedReason ?? ''}`} role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(false);
                onMove(destination);
              }}
            >
              {destination.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Card({
  card,
  from,
  destinations,
  onMove,
  onDragStart,
}: {
  card: BoardCard;
  from: string;
  destinations: Destination[];
  onMove: (card: BoardCard, from: string, to: Destination) => void;
  onDragStart: (card: BoardCard, from: string) => void;
}) {
  const what = [card.product, card.amount === null ? null : formatWholeRupees(card.amount), card.lender].filter(Boolean).join(', ');
  return (
    <li
      className="desk-board__card"
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', card._id);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(card, from);
      }}
    >
      <h4>
        <Link to={`${ADMIN_PAGES.tables}?enquiry=${encodeURIComponent(card._id)}`} data-card={card._id}>
          {card.name || card.reference}
        </Link>
      </h4>
      <p>{what || 'No application yet'}</p>
      <p>Advisor: {card.assignedTo ?? 'nobody yet'}</p>
      <p>{card.daysInStage === 0 ? 'In this stage since today' : `${plural(card.daysInStage, 'day')} in this stage`}</p>
      {card.overdue && <OverdueMark />}
      {card.followUpOverdue && <strong className="desk-overdue">Follow-up overdue</strong>}
      <MoveMenu card={card} destinations={destinations} onMove={(to) => onMove(card, from, to)} />
    </li>
  );
}

/** A moved card in its new column: in the order of arrival, where the loaded cards reach it. */
function placed(column: BoardColumn, card: BoardCard): { column: BoardColumn; shown: boolean } {
  const items = [...column.items];
  const at = items.findIndex((other) => other.createdAt < card.createdAt);
  const shown = at >= 0 || column.nextCursor === null;
  if (shown) items.splice(at >= 0 ? at : items.length, 0, card);
  return { column: { ...column, items, total: column.total + 1 }, shown };
}

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; columns: BoardColumn[] };

/**
 * The desk's board: a column for each open status, newest first, ten cards at a time, of everyone's
 * enquiries or the signed-in advisor's. Each card moves by its Move to… menu (the way for the
 * keyboard and screen readers, the focus following the card) or by dragging it to a column.
 * Narrower than a tablet, the columns follow one another as a list.
 */
export function BoardView({ mine }: { mine: boolean }) {
  const destinationsFrom = useDestinations();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [said, setSaid] = useState('');
  const dragging = useRef<{ card: BoardCard; from: string } | undefined>(undefined);
  const focusNext = useRef<string | undefined>(undefined);
  const board = useRef<HTMLDivElement>(null);
  const mineQuery = useMemo(() => Object.fromEntries(mine ? [['assignedTo', 'me']] : []) as Record<string, string>, [mine]);

  useEffect(() => {
    const controller = new AbortController();
    adminApi.board(new URLSearchParams(mineQuery), controller.signal).then(
      (answer) => {
        setLoad(answer.ok ? { state: 'ready', columns: answer.data.columns } : { state: 'failed', message: answer.message });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [mineQuery]);

  // After a move, the focus goes to the card's Move to… in its new column, or to that column's heading;
  // after Show more, to the first card it added.
  useEffect(() => {
    const target = focusNext.current;
    if (!target || !board.current) return;
    focusNext.current = undefined;
    board.current.querySelector<HTMLElement>(target)?.focus();
  });

  const columns = load.state === 'ready' ? load.columns : [];

  async function showMore(column: BoardColumn) {
    const answer = await adminApi.board(new URLSearchParams({ stage: column.status, cursor: column.nextCursor ?? '', ...mineQuery }));
    if (!answer.ok) return setSaid(answer.message);
    const more = answer.data.columns[0]!;
    setLoad({
      state: 'ready',
      columns: columns.map((other) =>
        other.status === column.status
          ? { ...other, total: more.total, items: [...other.items, ...more.items], nextCursor: more.nextCursor }
          : other,
      ),
    });
    if (more.items[0]) focusNext.current = `[data-card="${CSS.escape(more.items[0]._id)}"]`;
    setSaid(`${plural(more.items.length, 'more enquiry', 'more enquiries')} in ${column.label}.`);
  }

  async function move(card: BoardCard, from: string, to: Destination) {
    const answer = await adminApi.changeEnquiry(card._id, {
      status: to.status,
      ...(to.closedReason && { closedReason: to.closedReason }),
    });
    if (!answer.ok) {
      focusNext.current = `[data-move="${CSS.escape(card._id)}"]`;
      return setSaid(`${card.name} was not moved: ${Object.values(answer.errors ?? {})[0] ?? answer.message}`);
    }
    const moved: BoardCard = {
      ...card,
      inStageSince: new Date().toISOString(),
      daysInStage: 0,
      overdue: answer.data.overdue,
      assignedTo: answer.data.assignedTo,
    };
    let shown = false;
    const next = columns.map((column) => {
      if (column.status === from)
        return { ...column, items: column.items.filter((other) => other._id !== card._id), total: column.total - 1 };
      if (column.status !== to.status) return column;
      const result = placed(column, moved);
      shown = result.shown;
      return result.column;
    });
    setLoad({ state: 'ready', columns: next });
    const target = next.find((column) => column.status === to.status);
    // A card that left the board (disbursed or closed) leaves the focus on the column it left.
    focusNext.current = shown ? `[data-move="${CSS.escape(card._id)}"]` : `[data-column="${CSS.escape(target?.status ?? from)}"]`;
    setSaid(target ? `${card.name} moved to ${target.label}.` : `${card.name} moved to ${to.label}; it has left the board.`);
  }

  function onDrop(event: DragEvent, to: BoardColumn) {
    event.preventDefault();
    const drag = dragging.current;
    dragging.current = undefined;
    if (drag && drag.from !== to.status) void move(drag.card, drag.from, { status: to.status, label: to.label });
  }

  return (
    <section className="desk-board" aria-labelledby="desk-board-title">
      <h2 id="desk-board-title">{mine ? 'My board' : 'Board'}</h2>
      <nav aria-label="Whose enquiries" className="desk-board__whose">
        <Link to={`${ADMIN_PAGES.tables}?view=board`} aria-current={mine ? undefined : 'page'}>
          Everyone’s
        </Link>
        <Link to={`${ADMIN_PAGES.tables}?view=board&mine=1`} aria-current={mine ? 'page' : undefined}>
          Mine
        </Link>
      </nav>
      <p className="desk-board__help">
        Each open status is a column, newest first. Move a card with its <strong>Move to…</strong> menu, or drag it to another column.
      </p>
      <p aria-live="polite" className="desk-board__said">
        {said}
      </p>
      {load.state === 'loading' && <p role="status">Loading...</p>}
      {load.state === 'failed' && (
        <p className="desk-notice desk-notice--error" role="alert">
          {load.message}
        </p>
      )}
      {/* The columns scroll sideways on a laptop: the box takes the focus, so the keyboard can scroll it too. */}
      <div className="desk-board__columns" ref={board} role="region" aria-label="Columns by status" tabIndex={0}>
        {columns.map((column) => (
          <section
            key={column.status}
            className="desk-board__column"
            aria-labelledby={`board-${column.status}`}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, column)}
          >
            <h3 id={`board-${column.status}`} tabIndex={-1} data-column={column.status}>
              {column.label} <span className="desk-board__count">({column.total.toLocaleString('en-IN')})</span>
            </h3>
            {column.items.length === 0 ? (
              <p>No enquiries here.</p>
            ) : (
              <ul>
                {column.items.map((card) => (
                  <Card
                    key={card._id}
                    card={card}
                    from={column.status}
                    destinations={destinationsFrom(column.status)}
                    onMove={(target, from, to) => void move(target, from, to)}
                    onDragStart={(target, from) => (dragging.current = { card: target, from })}
                  />
                ))}
              </ul>
            )}
            {column.nextCursor && (
              <button type="button" className="button button--ghost" onClick={() => void showMore(column)}>
                Show more ({(column.total - column.items.length).toLocaleString('en-IN')} more)
              </button>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}
