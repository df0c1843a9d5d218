import { Download, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { DeskEnquiry, ListPage } from '../../shared/desk';
import { STATUSES } from '../../shared/deskWorkflow';
import { PHONE_FIELDS } from '../../shared/forms/formSchemas';
import { formatIndiaTime } from '../../shared/indiaTime';
import { formatIsoDate } from '../../lib/formatDate';
import { adminApi } from '../adminApi';
import { setSelection, useSelection } from '../selection';
import { FORM_NAMES, LIST_FAILED, plural, statusText } from './deskText';

/** The filters that live in the address, so a filtered list can be bookmarked, shared and returned to. */
const FILTERS = ['form', 'status', 'q', 'consent', 'phone'] as const;
const SEARCH_DELAY_MS = 300;
const PAGE_SIZE = 50;
const iconProps = { 'aria-hidden': true, focusable: false } as const;

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; page: ListPage<DeskEnquiry> };

const text = (record: DeskEnquiry, field: string) => (typeof record[field] === 'string' ? record[field] : '');

/**
 * A page of enquiries, newest first, at most 50 rows at a time: filters by form, status and
 * consent, a search by name, phone or e-mail, pages back and forth, and for owners selection,
 * deletion and export of everything the filters match.
 */
export function EnquiryList({
  due,
  aboutOnly,
  owner,
  onUnauthorised,
}: {
  due: boolean;
  aboutOnly: boolean;
  owner: boolean;
  onUnauthorised: () => void;
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
        if (!answer.ok && answer.status === 401) return onUnauthorised();
        setLoad(answer.ok ? { state: 'ready', page: answer.data } : { state: 'failed', message: failedText });
      },
      () => undefined, // aborted: a newer request is on its way
    );
    return () => controller.abort();
  }, [filterKey, cursor, reloads, failedText, onUnauthorised]);

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

  function setFilter(name: (typeof FILTERS)[number], value: string) {
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
      else if (answer.status === 401) return onUnauthorised();
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
  const heading = due ? 'Due today and overdue' : params.get('phone') ? `Enquiries from ${params.get('phone')}` : 'All enquiries';

  return (
    <section className="desk-list" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{heading}</h2>
      <form className="desk-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="desk-filters__field desk-filters__search">
          <label htmlFor={`${id}-q`}>Search by name, phone or e-mail</label>
          <input id={`${id}-q`} className="text-input" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        {!aboutOnly && (
          <div className="desk-filters__field">
            <label htmlFor={`${id}-form`}>Form</label>
            <select
              id={`${id}-form`}
              className="text-input"
              value={params.get('form') ?? ''}
              onChange={(event) => setFilter('form', event.target.value)}
            >
              <option value="">Both forms</option>
              <option value="contact">{FORM_NAMES.contact}</option>
              <option value="about">{FORM_NAMES.about}</option>
            </select>
          </div>
        )}
        <div className="desk-filters__field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            className="text-input"
            value={params.get('status') ?? ''}
            onChange={(event) => setFilter('status', event.target.value)}
          >
            <option value="">Any status</option>
            {STATUSES.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <label className="desk-filters__check">
          <input
            type="checkbox"
            checked={params.get('consent') === 'missing'}
            onChange={(event) => setFilter('consent', event.target.checked ? 'missing' : '')}
          />
          Only those without a consent record
        </label>
        {params.get('phone') && (
          <button type="button" className="button button--ghost" onClick={() => setFilter('phone', '')}>
            Show every number
          </button>
        )}
      </form>

      {load.state === 'loading' && <p role="status">Loading...</p>}
      {load.state === 'failed' && (
        <p className="desk-notice desk-notice--error" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && load.page.total === 0 && <p>No data available</p>}
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
          <div className="desk-table" role="region" aria-label={`${heading}, table`} tabIndex={0}>
            <table>
              <caption className="visually-hidden">{heading}, newest first</caption>
              <thead>
                <tr>
                  {owner && (
                    <th scope="col">
                      <span className="visually-hidden">Selected</span>
                    </th>
                  )}
                  <th scope="col">Received (India time)</th>
                  <th scope="col">Name</th>
                  <th scope="col">Phone</th>
                  {!aboutOnly && <th scope="col">Form</th>}
                  <th scope="col">Status</th>
                  <th scope="col">Follow-up</th>
                  <th scope="col">Same number</th>
                  <th scope="col">Source page</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => {
                  const name = text(item, 'name') || 'No name';
                  const phone = text(item, PHONE_FIELDS[item.form]);
                  return (
                    <tr key={item._id}>
                      {owner && (
                        <td>
                          <input
                            type="checkbox"
                            aria-label={`Select the enquiry from ${name}, ${formatIndiaTime(item.createdAt)}`}
                            checked={selection.has(item._id)}
                            onChange={(event) => toggle([item._id], event.target.checked)}
                          />
                        </td>
                      )}
                      <td data-label="Received (India time)">{formatIndiaTime(item.createdAt)}</td>
                      <td data-label="Name">
                        <Link to={`?${new URLSearchParams({ ...Object.fromEntries(params), enquiry: item._id }).toString()}`}>{name}</Link>
                      </td>
                      <td data-label="Phone">{phone}</td>
                      {!aboutOnly && <td data-label="Form">{FORM_NAMES[item.form]}</td>}
                      <td data-label="Status">{statusText(item.status, item.closedReason)}</td>
                      <td data-label="Follow-up">{item.followUpOn ? formatIsoDate(item.followUpOn) : '—'}</td>
                      <td data-label="Same number">
                        {item.duplicates > 0 ? <Link to={`?phone=${phone.slice(-10)}`}>{plural(item.duplicates, 'other')}</Link> : 'None'}
                      </td>
                      <td data-label="Source page">{item.sourcePage ?? '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
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
              disabled={!load.page.nextCursor}
              onClick={() => load.page.nextCursor && setCursors((list) => [...list, load.page.nextCursor!])}
            >
              Older
            </button>
          </nav>
        </>
      )}
      <div aria-live="polite">{status && <p className={`desk-notice desk-notice--${status.tone}`}>{status.text}</p>}</div>
    </section>
  );
}
