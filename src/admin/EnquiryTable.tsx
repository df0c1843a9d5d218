import { Download, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormKind } from '../shared/forms/formSchemas';
import type { StoredEnquiry } from '../shared/storedEnquiry';
import { adminApi } from './adminApi';
import { toCsv } from './csv';
import { enquiryColumns } from './enquiryColumns';
import { setSelection, useSelection } from './selection';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; records: StoredEnquiry[] };

/** SPEC section 8's wording for a failed list. */
const FAILED: Record<FormKind, string> = {
  about: 'Error: Failed to fetch about data',
  contact: 'Error: Failed to fetch contact data',
};

const iconProps = { 'aria-hidden': true, focusable: false } as const;

function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * One admin table of enquiries: search, select (kept in localStorage), delete after
 * confirmation, export as CSV. Every value is rendered as text, so stored markup never runs.
 */
export function EnquiryTable({ kind, title, onUnauthorised }: { kind: FormKind; title: string; onUnauthorised: () => void }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | undefined>();
  const [deleting, setDeleting] = useState(false);
  const selection = useSelection();
  const loaded = load.state === 'ready' ? load.records : undefined;
  const columns = useMemo(() => enquiryColumns(kind, loaded?.some((record) => record.notifications) ?? false), [kind, loaded]);
  const id = useId();
  const selectAll = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let current = true;
    void adminApi.list(kind).then((answer) => {
      if (!current) return;
      if (!answer.ok && answer.status === 401) onUnauthorised();
      else setLoad(answer.ok ? { state: 'ready', records: answer.data.Data } : { state: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [kind, onUnauthorised]);

  const records = load.state === 'ready' ? load.records : [];
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? records.filter((record) => columns.some((column) => column.value(record).toLowerCase().includes(needle)))
    : records;
  const selectedHere = records.filter((record) => selection.has(record._id));
  const allShownSelected = shown.length > 0 && shown.every((record) => selection.has(record._id));

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = !allShownSelected && shown.some((record) => selection.has(record._id));
  });

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
    if (!window.confirm(`Delete ${count} ${count === 1 ? 'enquiry' : 'enquiries'} from ${title}? This cannot be undone.`)) return;
    setDeleting(true);
    const deleted = new Set<string>();
    let lastMessage = '';
    let failure = '';
    for (const record of selectedHere) {
      const answer = await adminApi.remove(kind, record._id);
      if (answer.ok || answer.status === 404) {
        deleted.add(record._id);
        if (answer.ok) lastMessage = answer.data.message;
      } else if (answer.status === 401) {
        return onUnauthorised();
      } else {
        failure = answer.message;
        break;
      }
    }
    setDeleting(false);
    setLoad({ state: 'ready', records: records.filter((record) => !deleted.has(record._id)) });
    toggle([...deleted], false);
    setStatus(
      failure
        ? { tone: 'error', text: `${deleted.size} deleted; then: ${failure}` }
        : { tone: 'success', text: lastMessage || 'Nothing left to delete.' },
    );
  }

  function exportCsv() {
    const date = new Date().toISOString().slice(0, 10);
    download(
      `${kind}-enquiries-${date}.csv`,
      toCsv(
        columns.map((column) => column.label),
        shown.map((record) => columns.map((column) => column.value(record))),
      ),
    );
  }

  return (
    <section className="enquiry-table" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {load.state === 'loading' && <p role="status">Loading...</p>}
      {load.state === 'failed' && (
        <p className="enquiry-table__error" role="alert">
          {FAILED[kind]}
        </p>
      )}
      {load.state === 'ready' && records.length === 0 && <p>No data available</p>}
      {load.state === 'ready' && records.length > 0 && (
        <>
          <div className="enquiry-table__tools">
            <div className="enquiry-table__search">
              <label htmlFor={`${id}-search`}>Search {title}</label>
              <input
                id={`${id}-search`}
                className="text-input"
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <label className="enquiry-table__select-all">
              <input
                ref={selectAll}
                type="checkbox"
                checked={allShownSelected}
                onChange={(event) =>
                  toggle(
                    shown.map((record) => record._id),
                    event.target.checked,
                  )
                }
              />
              Select all {shown.length} shown
            </label>
            <button type="button" className="button button--ghost" onClick={exportCsv} disabled={shown.length === 0}>
              <Download {...iconProps} />
              Export CSV
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => void deleteSelected()}
              disabled={selectedHere.length === 0 || deleting}
            >
              <Trash2 {...iconProps} />
              Delete selected ({selectedHere.length})
            </button>
          </div>
          <p className="visually-hidden" aria-live="polite">
            {needle ? `${shown.length} of ${records.length} enquiries match` : ''}
          </p>
          <div className="enquiry-table__scroll" role="region" aria-label={`${title} table`} tabIndex={0}>
            <table>
              <caption className="visually-hidden">
                {title}, newest first, {shown.length} shown
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Selected</span>
                  </th>
                  {columns.map((column) => (
                    <th key={column.key} scope="col">
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((record) => (
                  <tr key={record._id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Select the enquiry from ${columns[1]!.value(record) || 'unknown'}, ${columns[0]!.value(record)}`}
                        checked={selection.has(record._id)}
                        onChange={(event) => toggle([record._id], event.target.checked)}
                      />
                    </td>
                    {columns.map((column) => (
                      <td key={column.key} data-label={column.label}>
                        {column.value(record)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {shown.length === 0 && <p>No enquiry matches “{search}”.</p>}
        </>
      )}
      <div aria-live="polite">
        {status && <p className={`enquiry-table__status enquiry-table__status--${status.tone}`}>{status.text}</p>}
      </div>
    </section>
  );
}
