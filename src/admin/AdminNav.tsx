import Cookies from 'js-cookie';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ADMIN_PAGES } from '../shared/adminPages';
import { ADMIN_NAME_COOKIE } from '../shared/cookies';
import { adminApi, type SessionInfo } from './adminApi';

/** Ends the session on the server, then goes to the login; says so when the server did not end it. */
export function useLogOut(): { logOut: () => Promise<void>; failed: string | undefined } {
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | undefined>();
  async function logOut() {
    const answer = await adminApi.logout();
    if (!answer.ok && answer.status !== 401) return setFailed(`You have not been logged out: ${answer.message}`);
    Cookies.remove(ADMIN_NAME_COOKIE, { path: '/' });
    void navigate(ADMIN_PAGES.login);
  }
  return { logOut, failed };
}

/** The Log out button of the admin header, the same on every admin screen. */
export function LogOutButton({ logOut }: { logOut: () => Promise<void> }) {
  return (
    <button type="button" className="button button--ghost admin-header__logout" onClick={() => void logOut()}>
      <LogOut aria-hidden focusable={false} />
      LOG OUT
    </button>
  );
}

/**
 * The header of the pages screens: the desk for those who work leads, the pages, the menu, the
 * account's own sign-in security (an editor's only desk screen) and Log out, so every role reaches
 * them from every screen.
 */
export function AdminNav({ session }: { session: SessionInfo }) {
  const { logOut, failed } = useLogOut();
  return (
    <nav aria-label="Account" className="admin-nav">
      <ul>
        {session.role !== 'editor' && (
          <li>
            <Link to={ADMIN_PAGES.tables}>Lead desk</Link>
          </li>
        )}
        <li>
          <Link to={ADMIN_PAGES.pages}>Pages</Link>
        </li>
        <li>
          <Link to={ADMIN_PAGES.menu}>Menu</Link>
        </li>
        <li>
          <Link to={`${ADMIN_PAGES.tables}?view=security`}>Sign-in security</Link>
        </li>
        <li>
          <LogOutButton logOut={logOut} />
        </li>
      </ul>
      {failed && (
        <p role="alert" className="admin-nav__failed">
          {failed}
        </p>
      )}
    </nav>
  );
}
