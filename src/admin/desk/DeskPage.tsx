import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { ADMIN_MESSAGES } from '../../shared/adminMessages';
import { ADMIN_PAGES } from '../../shared/adminPages';
import { adminApi } from '../adminApi';
import { LogOutButton, useLogOut } from '../AdminNav';
import { AdminShell } from '../AdminShell';
import { AccountsPanel } from './AccountsPanel';
import { AuditPanel } from './AuditPanel';
import { BoardView } from './BoardView';
import { DeskDashboard } from './DeskDashboard';
import { EnquiryList } from './EnquiryList';
import { EnquiryView } from './EnquiryView';
import { PersonPanel } from './PersonPanel';
import { PrivacyRequestsPanel } from './PrivacyRequestsPanel';
import { SecurityPanel } from './SecurityPanel';
import { TodayPanel } from './TodayPanel';
import { useAdminSession } from '../useAdminSession';
import '../screens.css';

type View = 'enquiries' | 'mine' | 'board' | 'due' | 'dashboard' | 'privacy' | 'person' | 'accounts' | 'audit' | 'security';
const VIEWS: { view: View; label: string; ownersOnly?: boolean }[] = [
  { view: 'enquiries', label: 'Enquiries' },
  { view: 'mine', label: 'Mine' },
  { view: 'board', label: 'Board' },
  { view: 'due', label: 'Due today and overdue' },
  { view: 'dashboard', label: 'Dashboard' },
  { view: 'privacy', label: 'Privacy requests' },
  { view: 'person', label: 'Find a person’s data', ownersOnly: true },
  { view: 'accounts', label: 'Staff accounts', ownersOnly: true },
  { view: 'audit', label: 'Audit log', ownersOnly: true },
  { view: 'security', label: 'Sign-in security' },
];
const iconProps = { 'aria-hidden': true, focusable: false } as const;

/**
 * /table, the lead desk: enquiries with filters, search and pages; one enquiry with its
 * history; what is due; a dashboard; requests about personal data; and, for owners, one
 * person's data to download or erase, the staff accounts and the audit log.
 * /abouttable is the same desk showing the About-page form only.
 */
export default function DeskPage({ aboutOnly = false }: { aboutOnly?: boolean }) {
  const { session, refresh } = useAdminSession();
  const { logOut, failed } = useLogOut();
  const [params] = useSearchParams();
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | undefined>();
  if (!session) return null;
  const owner = session.role === 'owner';
  // An editor's only desk view is its own sign-in security; its work is the pages.
  const editor = session.role === 'editor';
  const views = VIEWS.filter((entry) => (editor ? entry.view === 'security' : owner || !entry.ownersOnly));
  const requested = params.get('view') as View | null;
  if (editor && !session.mustEnrol && requested !== 'security') return <Navigate to={ADMIN_PAGES.pages} replace />;
  const view = views.some((entry) => entry.view === requested) ? requested! : editor ? 'security' : 'enquiries';
  const enquiryId = params.get('enquiry');
  const page = aboutOnly ? ADMIN_PAGES.aboutTable : ADMIN_PAGES.tables;

  async function sendTestNotification() {
    setNotice({ tone: 'success', text: 'Sending…' });
    const answer = await adminApi.testNotification();
    setNotice(answer.ok ? { tone: 'success', text: answer.data.message } : { tone: 'error', text: answer.message });
  }

  const logOutButton = <LogOutButton logOut={logOut} />;

  return (
    // Each screen's heading names that screen; an account that must set up its second factor sees its sign-in security first.
    <AdminShell
      title={
        session.mustEnrol
          ? 'Sign-in security'
          : aboutOnly && view === 'enquiries'
            ? 'About Form Data'
            : (VIEWS.find((entry) => entry.view === view)?.label ?? 'Enquiries')
      }
      actions={logOutButton}
    >
      <div className="admin-main__bar">
        <p className="admin-main__who">
          Logged in as {session.username} ({session.role}).
        </p>
        {!editor && (
          <button type="button" className="button button--ghost" onClick={() => void sendTestNotification()}>
            <BellRing {...iconProps} />
            Send test notification
          </button>
        )}
      </div>
      <div aria-live="polite" className="admin-main__result">
        {notice && <p className={`desk-notice desk-notice--${notice.tone}`}>{notice.text}</p>}
        {failed && <p className="desk-notice desk-notice--error">{failed}</p>}
      </div>
      {session.mustEnrol ? (
        <>
          <p className="desk-notice desk-notice--error">{ADMIN_MESSAGES.mustEnrol}</p>
          <SecurityPanel onEnrolled={refresh} />
        </>
      ) : (
        <>
          <nav className="desk-tabs" aria-label="Desk">
            <ul>
              {(owner || editor) && (
                <li>
                  <Link to={ADMIN_PAGES.pages}>Pages</Link>
                </li>
              )}
              {views.map((entry) => (
                <li key={entry.view}>
                  <Link
                    to={entry.view === 'enquiries' ? page : `${page}?view=${entry.view}`}
                    aria-current={entry.view === view && !enquiryId ? 'page' : undefined}
                  >
                    {entry.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {enquiryId ? (
            <EnquiryView id={enquiryId} owner={owner} advisor={session} />
          ) : view === 'board' ? (
            <BoardView mine={params.get('mine') === '1'} />
          ) : view === 'dashboard' ? (
            <DeskDashboard owner={owner} />
          ) : view === 'privacy' ? (
            <PrivacyRequestsPanel owner={owner} />
          ) : view === 'person' ? (
            <PersonPanel />
          ) : view === 'accounts' ? (
            <AccountsPanel self={session.username} onOwnChange={refresh} />
          ) : view === 'audit' ? (
            <AuditPanel />
          ) : view === 'security' ? (
            <SecurityPanel onEnrolled={refresh} />
          ) : (
            <>
              {view === 'enquiries' && !aboutOnly && <TodayPanel />}
              <EnquiryList due={view === 'due'} mine={view === 'mine'} aboutOnly={aboutOnly} owner={owner} advisor={session} />
            </>
          )}
        </>
      )}
    </AdminShell>
  );
}
