import { useEffect, useId, useState } from 'react';
import type { ListPage } from '../../shared/listPage';
import { formatIsoDate } from '../../shared/formatDate';
import { formatIndiaTime } from '../../shared/indiaTime';
import {
  isOverdue,
  PRIVACY_REQUEST_STATUSES,
  privacyStatusLabel,
  requestKindLabel,
  type PrivacyRequest,
  type PrivacyRequestStatus,
} from '../../shared/privacyRequests';
import { adminApi } from '../adminApi';
import { DeskPager } from './DeskPager';
import { plural } from './deskText';
import { PrivacyRequestView } from './PrivacyRequestView';
import './privacyDesk.css';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; page: ListPage<PrivacyRequest> };

/**
 * Requests people made on the Privacy page, newest first, each with the day it must be
 * answered by; open ones past that day say Overdue. Choosing one opens it to record the outcome.
 */
export function PrivacyRequestsPanel({ owner }: { owner: boolean }) {
  const [status, setStatus] = useState<PrivacyRequestStatus | ''>('open');
  const [cursors, setCursors] = useState<string[]>([]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [selected, setSelected] = useState<PrivacyRequest | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [version, setVersion] = useState(0);
  const id = useId();
  const cursor = cursors.at(-1);

  useEffect(() => {
    let current = true;
    const query = new URLSearchParams({ ...(status && { status }), ...(cursor && { cursor }) });
    void adminApi.privacyRequests(query).then((answer) => {
      if (!current) return;
      setLoad(answer.ok ? { state: 'ready', page: answer.data } : { state: 'failed', message: answer.message });
    });
    return () => {
      current = false;
    };
  }, [status, cursor, version]);

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Requests about personal data</h2>
      <p>
        People ask here to see, correct or erase their details, withdraw consent, complain or nominate someone. Answer each by its due day,
        and record what was done.
      </p>
      <div aria-live="polite">{notice && <p className="desk-notice desk-notice--success">{notice}</p>}</div>
      <div className="desk-filters">
        <div className="desk-filters__field">
          <label htmlFor={`${id}-status`}>Show</label>
          <select
            id={`${id}-status`}
            className="text-input"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as PrivacyRequestStatus | '');
              setCursors([]);
            }}
          >
            {PRIVACY_REQUEST_STATUSES.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
            <option value="">All</option>
          </select>
        </div>
      </div>
      {load.state === 'loading' && <p role="status">Loading...</p>}
      {load.state === 'failed' && (
        <p className="desk-notice desk-notice--error" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && load.page.total === 0 && <p>No requests here.</p>}
      {load.state === 'ready' && load.page.total > 0 && (
        <>
          <p className="desk-list__count">{plural(load.page.total, 'request', 'requests')}</p>
          <div className="desk-table" role="region" aria-label="Requests about personal data, table" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Requests about personal data, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Asked to</th>
                  <th scope="col">Received</th>
                  <th scope="col">Answer by</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {load.page.items.map((request) => (
                  <tr key={request._id} className={isOverdue(request) ? 'desk-row--overdue' : undefined}>
                    <th scope="row" data-label="Name">
                      <button type="button" className="desk-link-button" onClick={() => setSelected(request)}>
                        {request.fields.name}
                      </button>
                    </th>
                    <td data-label="Asked to">{requestKindLabel(request.fields.kind ?? '')}</td>
                    <td data-label="Received">{formatIndiaTime(request.createdAt)}</td>
                    <td data-label="Answer by">
                      {formatIsoDate(request.dueOn)}
                      {isOverdue(request) && <strong className="desk-overdue"> Overdue</strong>}
                    </td>
                    <td data-label="Status">{privacyStatusLabel(request.status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <DeskPager cursors={cursors} setCursors={setCursors} nextCursor={load.page.nextCursor} />
        </>
      )}
      {selected && (
        <PrivacyRequestView
          key={selected._id}
          request={selected}
          owner={owner}
          onChanged={(changed, message) => {
            setSelected(changed);
            setNotice(message);
            setVersion((value) => value + 1);
          }}
        />
      )}
    </section>
  );
}
