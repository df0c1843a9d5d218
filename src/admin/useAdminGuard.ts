import Cookies from 'js-cookie';
import { useEffect } from 'react';
import { ADMIN_NAME_COOKIE } from '../shared/cookies';
import { sessionEnded } from './adminApi';

/**
 * As in the firm's original admin area, an admin screen without the adminUsername cookie goes straight to the
 * login (and back here after it). The cookie only saves a round trip: the server checks the real session on
 * every call, and the admin API's client (adminApi.ts) sends the person to sign in when it answers 401.
 */
export function useAdminGuard() {
  const username = Cookies.get(ADMIN_NAME_COOKIE);
  useEffect(() => {
    if (!username) sessionEnded();
  }, [username]);
  return { username };
}
