import Cookies from 'js-cookie';
import { BellRing, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ADMIN_PAGES } from '../shared/adminPaths';
import { adminApi } from './adminApi';
import { AdminShell } from './AdminShell';
import { EnquiryTable } from './EnquiryTable';
import { ADMIN_NAME_COOKIE } from '../shared/cookies';
import { useAdminGuard } from './useAdminGuard';

/** /table: the Contact Us Data table with LOG OUT, then the About Form Data table. /abouttable: the latter alone. */
export default function AdminTablesPage({ aboutOnly = false }: { aboutOnly?: boolean }) {
  const { username, leave } = useAdminGuard();
  const navigate = useNavigate();
  const [testResult, setTestResult] = useState<string | undefined>();
  if (!username) return null;

  async function sendTestNotification() {
    setTestResult('Sending…');
    const answer = await adminApi.testNotification();
    if (!answer.ok && answer.status === 401) return leave();
    setTestResult(answer.ok ? answer.data.message : answer.message);
  }

  async function logOut() {
    await adminApi.logout();
    Cookies.remove(ADMIN_NAME_COOKIE, { path: '/' });
    void navigate(ADMIN_PAGES.login);
  }

  const logOutButton = (
    <button type="button" className="button button--ghost admin-header__logout" onClick={() => void logOut()}>
      <LogOut aria-hidden="true" focusable="false" />
      LOG OUT
    </button>
  );

  return (
    <AdminShell title={aboutOnly ? 'About Form Data' : 'Enquiries'} actions={logOutButton}>
      <div className="admin-main__bar">
        <p className="admin-main__who">Logged in as {username}.</p>
        <button type="button" className="button button--ghost" onClick={() => void sendTestNotification()}>
          <BellRing aria-hidden="true" focusable="false" />
          Send test notification
        </button>
      </div>
      <p aria-live="polite" className="admin-main__result">
        {testResult}
      </p>
      {!aboutOnly && <EnquiryTable kind="contact" title="Contact Us Data" onUnauthorised={leave} />}
      <EnquiryTable kind="about" title="About Form Data" onUnauthorised={leave} />
    </AdminShell>
  );
}
