import { Download, Trash2 } from 'lucide-react';
import type { Advisor } from '../../shared/accounts';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DeskEnquiry } from '../../shared/deskEnquiry';
import type { ListPage } from '../../shared/listPage';
import { adminApi } from '../adminApi';
import { DeskPager } from './DeskPager';
import { setSelection, useSelection } from '../selection';
import { DeskFilters, type Filter } from './DeskFilters';
import { LIST_FAILED, plural } from './deskText';
import { EnquiryTable } from './EnquiryTable';

/** The filters that live in the address, so a filtered list can be bookmarked, shared and returned to. */
const FILTERS: Filter[] = ['form', 'status', 'q', 'consent', 'phone', 'campaign', 'assignedTo', 'overdue'];
const SEARCH_DELAY_MS = 300;
const PAGE_SIZE = 50;
const iconProps = { 'aria-hidden': true, focusable: false } as const;

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; page: ListPage<DeskEnquiry> };

/**
 * A page of enquiries, newest first, at most 50 rows at a time: filters by form, status and
 * consent, a search by name, phone or e-mail, pages back and forth, and for owners selection,
 * deletion and export of everything the filters match.
 */
export function EnquiryList({
  due,
  mine,
  aboutOnly,
  owner,
  advisor,
}: {
  due: boolean;
  /** Only the enquiries assigned to the signed-in account. */
  mine: boolean;
  aboutOnly: boolean;
  owner: boolean;
  /** The signed-in account, whose names WhatsApp messages sign with. */
  advisor: Advisor;
}) {
  const [params, setParams] = useSearchParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [cursors, setCursors] = useState<string[]>([]);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | undefined>();
  const [reloads, setReloads] = useState(0);
  const selection = useSelection();
  const id = useId();
  const selectAll = useRef<HTMLInputElement>(null);

  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  if (aboutOnly) query.set('form', 'about');
  if (due) query.set('due', 'today');
  if (mine) query.set('assignedTo', 'me');
  const filterKey = query.toString();
  const failedText = LIST_FAILED[query.get('form') === 'about' ? 'about' : 'contact'];

  // A new filter starts again from the newest page.
  const [pagesFor, setPagesFor] = useState(filterKey);
  if (pagesFor !== filterKey) {
    setPagesFor(filterKey);
    setCursors([]);
    setLoad({ state: 'loading' });
  }
  const cursor = cursors.at(-1);

  useEffect(() => {
    const controller = new AbortController();
    const request = new URLSearchParams(filterKey);
    request.set('limit', String(PAGE_SIZE));
    if (cursor) request.set('cursor', cursor);
    adminApi.enquiries(request, controller.signal).then(
      (answer) => {
        setLoad(answer.ok ? { state: 'ready', page: answer.data } : { state: 'failed', message: failedText });
      },
      () => undefined, // aborted: a newer request is on its way
    );
    return () => controller.abort();
  }, [filterKey, cursor, reloads, failedText]);

  // Searching as one types, but only once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((params.get('q') ?? '') === search.trim()) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (search.trim()) next.set('q', search.trim());
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, params, setParams]);

  const items = load.state === 'ready' ? load.page.items : [];
  const selectedHere = items.filter((item) => selection.has(item._id));
  const allSelected = items.length > 0 && selectedHere.length === items.length;
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selectedHere.length > 0 && !allSelected;
  });

  function setFilter(name: Filter, value: string) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  }

  function toggle(ids: string[], on: boolean) {
    const next = new Set(selection);
    for (const recordId of ids) {
      if (on) next.add(recordId);
      else next.delete(recordId);
    }
    setSelection(next);
  }

  async function deleteSelected() {
    const count = selectedHere.length;
    if (!window.confirm(`Delete ${plural(count, 'enquiry', 'enquiries')}? This cannot be undone.`)) return;
    let deleted = 0;
    for (const item of selectedHere) {
      const answer = await adminApi.deleteEnquiry(item._id);
      if (answer.ok || answer.status === 404) deleted += 1;
      else {
        setStatus({ tone: 'error', text: `${plural(deleted, 'enquiry', 'enquiries')} deleted; then: ${answer.message}` });
        break;
      }
      toggle([item._id], false);
    }
    if (deleted === count) setStatus({ tone: 'success', text: `${plural(deleted, 'enquiry', 'enquiries')} deleted.` });
    setReloads((value) => value + 1);
  }

  const first = cursors.length * PAGE_SIZE + 1;
  const heading = due
    ? 'Due today and overdue'
    : mine
      ? 'Mine: the enquiries assigned to you'
      : params.get('phone')
        ? `Enquiries from ${params.get('phone')}`
        : params.get('campaign')
          ? `Enquiries from the campaign ${params.get('campaign')}`
          : 'All enquiries';

  return (
    <section className="desk-list" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{heading}</h2>
      <DeskFilters aboutOnly={aboutOnly} mine={mine} search={search} onSearch={setSearch} onFilter={setFilter} />

      {load.state === 'loading' && <p role="status">Loading...</p>}
      {load.state === 'failed' && (
        <p className="desk-notice desk-notice--error" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && load.page.total === 0 && (
        <p>{due ? 'Nothing due: no follow-ups for today or before.' : 'No data available'}</p>
      )}
      {load.state === 'ready' && load.page.total > 0 && (
        <>
          <div className="desk-list__tools">
            <p className="desk-list__count" aria-live="polite">
              {items.length > 0 ? `${first.toLocaleString('en-IN')}–${(first + items.length - 1).toLocaleString('en-IN')} of ` : ''}
              {plural(load.page.total, 'enquiry', 'enquiries')}
            </p>
            {owner && (
              <>
                <label className="desk-list__select-all">
                  <input
                    ref={selectAll}
                    type="checkbox"
                    checked={allSelected}
                    onChange={(event) =>
                      toggle(
                        items.map((item) => item._id),
                        event.target.checked,
                      )
                    }
                  />
                  Select all {items.length} on this page
                </label>
                <a className="button button--ghost" href={adminApi.exportHref(new URLSearchParams(filterKey))} download>
                  <Download {...iconProps} />
                  Export CSV ({plural(load.page.total, 'enquiry', 'enquiries')})
                </a>
                <button
                  type="button"
                  className="button button--danger"
                  onClick={() => void deleteSelected()}
                  disabled={selectedHere.length === 0}
                >
                  <Trash2 {...iconProps} />
                  Delete selected ({selectedHere.length})
                </button>
              </>
            )}
          </div>
          <EnquiryTable
            items={items}
            heading={heading}
            owner={owner}
            aboutOnly={aboutOnly}
            selection={selection}
            onToggle={toggle}
            contact={{ advisorNames: advisor.displayNames, onRecorded: () => setReloads((count) => count + 1) }}
          />
          <DeskPager cursors={cursors} setCursors={setCursors} nextCursor={load.page.nextCursor} />
        </>
      )}
      <div aria-live="polite">{status && <p className={`desk-notice desk-notice--${status.tone}`}>{status.text}</p>}</div>
    </section>
  );
}
