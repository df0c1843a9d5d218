import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AuditEntry } from '../../shared/audit';
import type { ListPage } from '../../shared/listPage';
import { formatIndiaTime } from '../../shared/indiaTime';
import { adminApi } from '../adminApi';
import { DeskPager } from './DeskPager';
import { plural } from './deskText';

const ACTIONS: Record<AuditEntry['action'], string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'sign-out': 'Signed out',
  'password-change': 'Changed password',
  'username-change': 'Changed username',
  'status-change': 'Changed status',
  'follow-up': 'Changed follow-up',
  note: 'Added a note',
  contact: 'Called or messaged an enquirer',
  assignment: 'Assigned an enquiry',
  application: 'Added or changed an application to a lender',
  export: 'Exported data',
  delete: 'Deleted an enquiry',
  'account-add': 'Added an account',
  'account-remove': 'Removed an account',
  'account-role': 'Changed a role',
  'account-casework': 'Changed an advisor’s languages or availability',
  'person-search': 'Looked up a person’s data',
  erasure: 'Erased a person’s data',
  retention: 'Retention sweep',
  'privacy-request': 'Updated a privacy request',
  'second-factor-add': 'Added a second factor',
  'second-factor-remove': 'Removed a second factor',
  'second-factor-reset': 'Removed another account’s second factors',
  'identity-confirm': 'Confirmed it was them, to change sign-in security',
  'expected-campaign-add': 'Listed an expected campaign',
  'expected-campaign-remove': 'Removed an expected campaign',
  read: 'Read enquiries',
  'read-refused': 'Refused: too many enquiries read',
  'page-save': 'Saved a draft',
  'page-publish': 'Published',
  'page-rollback': 'Rolled back',
  'page-add': 'Started a new page',
  'page-remove': 'Removed a page',
  'page-discard': 'Discarded a draft',
  'page-submit': 'Sent a change for an owner’s review',
  'page-review-publish': 'Published a change after review',
  'page-review-return': 'Sent a change back to its editor',
  'picture-add': 'Uploaded a picture',
  'picture-remove': 'Deleted a picture',
  'document-request': 'Asked for documents',
  'document-revoke': 'Stopped a documents link',
  'document-email': 'Sent a documents link by e-mail',
  'document-upload': 'Document received',
  'document-download': 'Downloaded a document',
  'whatsapp-reply': 'Replied on WhatsApp',
  'whatsapp-template': 'Sent a WhatsApp template',
  'whatsapp-status-update': 'WhatsApp status update queued',
  'whatsapp-link': 'Put a WhatsApp conversation on an enquiry',
  'whatsapp-enquiry': 'Made an enquiry of a WhatsApp conversation',
  'whatsapp-media': 'Downloaded a WhatsApp picture or document',
  'whatsapp-cap': 'Changed the monthly cap on WhatsApp templates',
};

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; page: ListPage<AuditEntry> };

/** The audit log for owners, newest first, 50 entries a page. */
export function AuditPanel() {
  const [cursors, setCursors] = useState<string[]>([]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const cursor = cursors.at(-1);

  useEffect(() => {
    let current = true;
    void adminApi.audit(new URLSearchParams(cursor ? { cursor } : {})).then((answer) => {
      if (!current) return;
      setLoad(answer.ok ? { state: 'ready', page: answer.data } : { state: 'failed', message: answer.message });
    });
    return () => {
      current = false;
    };
  }, [cursor]);

  return (
    <section aria-labelledby="desk-audit-title">
      <h2 id="desk-audit-title">Audit log</h2>
      <p>Every sign-in, change, export and deletion, with who did it and when. Enquiry contents are never written here.</p>
      {load.state === 'loading' && <p role="status">Loading...</p>}
      {load.state === 'failed' && (
        <p className="desk-notice desk-notice--error" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && (
        <>
          <p>{plural(load.page.total, 'entry', 'entries')} in all.</p>
          <div className="desk-table" role="region" aria-label="Audit log, table" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Audit log, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When (India time)</th>
                  <th scope="col">Account</th>
                  <th scope="col">Action</th>
                  <th scope="col">Enquiry</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {load.page.items.map((entry) => (
                  <tr key={entry.id}>
                    <td data-label="When">{formatIndiaTime(entry.at)}</td>
                    <td data-label="Account">{entry.account ?? 'unknown'}</td>
                    <td data-label="Action">{ACTIONS[entry.action] ?? entry.action}</td>
                    <td data-label="Enquiry">{entry.enquiryId ? <Link to={`?enquiry=${entry.enquiryId}`}>Open</Link> : '—'}</td>
                    <td data-label="Detail">{entry.detail ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <DeskPager cursors={cursors} setCursors={setCursors} nextCursor={load.page.nextCursor} />
        </>
      )}
    </section>
  );
}
