import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ADMIN_MESSAGES } from '../../shared/adminMessages';
import { ADMIN_PAGES } from '../../shared/adminPages';
import { adminApi, type SessionInfo } from '../adminApi';
import { useAdminGuard } from '../useAdminGuard';

/**
 * Who is signed in, from the server (the readable cookie only says someone might be):
 * undefined while asking. No session goes to the login; an account still on its generated
 * password goes to the reset-password mode first.
 */
export function useDeskSession(): { session: SessionInfo | undefined; leave: () => void; refresh: () => void } {
  const { username, leave } = useAdminGuard();
  const navigate = useNavigate();
  const [session, setSession] = useState<SessionInfo | undefined>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!username) return;
    let current = true;
    void adminApi.session().then((answer) => {
      if (!current) return;
      if (!answer.ok) return leave();
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
  }, [username, leave, navigate, version]);
  return { session, leave, refresh: () => setVersion((value) => value + 1) };
}
