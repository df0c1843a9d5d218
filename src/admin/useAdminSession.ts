import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ADMIN_MESSAGES } from '../shared/adminMessages';
import { ADMIN_PAGES } from '../shared/adminPages';
import { adminApi, sessionEnded, type SessionInfo } from './adminApi';
import { useAdminGuard } from './useAdminGuard';

/**
 * Who is signed in, from the server (the readable cookie only says someone might be):
 * undefined while asking. No session goes to the login (adminApi.ts); an account still on its
 * generated password goes to the reset-password mode first.
 */
export function useAdminSession(): { session: SessionInfo | undefined; refresh: () => void } {
  const { username } = useAdminGuard();
  const navigate = useNavigate();
  const [session, setSession] = useState<SessionInfo | undefined>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!username) return;
    let current = true;
    void adminApi.session().then((answer) => {
      if (!current) return;
      if (!answer.ok) return sessionEnded();
      if (answer.data.mustChangePassword) {
        return void navigate(`${ADMIN_PAGES.login}?mode=reset-password`, {
          replace: true,
          state: { username: answer.data.username, message: { tone: 'error', text: ADMIN_MESSAGES.mustChangePassword } },
        });
      }
      setSession(answer.data);
    });
    return () => {
      current = false;
    };
  }, [username, navigate, version]);
  return { session, refresh: () => setVersion((value) => value + 1) };
}
