import Cookies from 'js-cookie';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ADMIN_PAGES } from '../shared/adminPages';
import { ADMIN_NAME_COOKIE } from '../shared/cookies';

/**
 * As in the firm's original admin area, an admin screen without the adminUsername cookie goes straight to the
 * login. The cookie only saves a round trip: the server checks the real session on every
 * call, and `leave` is what the screens call when it answers 401.
 */
export function useAdminGuard() {
  const navigate = useNavigate();
  const leave = useCallback(() => {
    Cookies.remove(ADMIN_NAME_COOKIE, { path: '/' });
    void navigate(ADMIN_PAGES.login, { replace: true });
  }, [navigate]);
  const username = Cookies.get(ADMIN_NAME_COOKIE);
  useEffect(() => {
    if (!username) leave();
  }, [username, leave]);
  return { username, leave };
}
