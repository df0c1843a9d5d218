import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ADMIN_MESSAGES } from '../shared/adminMessages';
import { ADMIN_PAGES } from '../shared/adminPages';
import { adminApi, RETURN_PARAM, returnPath } from './adminApi';
import { AdminShell } from './AdminShell';

type Mode = 'login' | 'reset-password' | 'reset-username';

interface Field {
  name: string;
  label: string;
  type: 'text' | 'password';
  autoComplete: string;
}

/** The login screen's three modes, each a form of its own; every account can use them. */
const MODES: Record<Mode, { title: string; submit: string; fields: Field[] }> = {
  login: {
    title: 'Admin login',
    submit: 'Log in',
    fields: [
      { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
      { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
    ],
  },
  'reset-password': {
    title: 'Reset password',
    submit: 'Change password',
    fields: [
      { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
      { name: 'currentPassword', label: 'Current password', type: 'password', autoComplete: 'current-password' },
      { name: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password' },
      { name: 'confirmPassword', label: 'Confirm new password', type: 'password', autoComplete: 'new-password' },
    ],
  },
  'reset-username': {
    title: 'Reset username',
    submit: 'Change username',
    fields: [
      { name: 'username', label: 'Current username', type: 'text', autoComplete: 'username' },
      { name: 'currentPassword', label: 'Current password', type: 'password', autoComplete: 'current-password' },
      { name: 'newUsername', label: 'New username', type: 'text', autoComplete: 'username' },
      { name: 'confirmUsername', label: 'Confirm new username', type: 'text', autoComplete: 'username' },
    ],
  },
};

/** The sign-in's second step: six digits from the authenticator app, or a recovery code. */
const CODE_FIELD: Field = {
  name: 'code',
  label: 'Code from your authenticator app, or a recovery code',
  type: 'text',
  autoComplete: 'one-time-code',
};

function modeFrom(value: string | null): Mode {
  return value === 'reset-password' || value === 'reset-username' ? value : 'login';
}

type Message = { tone: 'error' | 'success'; text: string };

export default function AdminLoginPage() {
  const [params] = useSearchParams();
  const mode = modeFrom(params.get('mode'));
  const { state } = useLocation() as { state: { username?: string; message?: Message } | null };
  const next = params.get(RETURN_PARAM);
  // A session that ended on a screen comes here to sign in again, and goes back to it after.
  const notice = state?.message ?? (next ? { tone: 'error' as const, text: ADMIN_MESSAGES.signInAgain } : undefined);
  // A new key per mode gives each form fresh fields; a forced password change arrives with the username filled in.
  return (
    <LoginForm key={`${mode}:${state?.username ?? ''}`} mode={mode} username={state?.username} notice={notice} next={returnPath(next)} />
  );
}

function LoginForm({ mode, username, notice, next }: { mode: Mode; username?: string; notice?: Message; next: string }) {
  const { title, submit, fields } = MODES[mode];
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.name, field.name === 'username' ? (username ?? '') : ''])),
  );
  const [message, setMessage] = useState<Message | undefined>(notice);
  const [busy, setBusy] = useState(false);
  // The second step: the password was right, and the account has a second factor. Signing in asks
  // for the code alone; a reset keeps its fields on screen and sends them again with the code or a passkey.
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState('');
  const shown = codeStep ? (mode === 'login' ? [CODE_FIELD] : [...fields, CODE_FIELD]) : fields;

  /** This device's passkey answers a sign-in challenge; undefined (with the reason shown) when none was used. */
  async function passkeyAnswer(): Promise<unknown> {
    const options = await adminApi.passkeySignInOptions();
    if (!options.ok) {
      setMessage({ tone: 'error', text: options.message });
      return undefined;
    }
    const { startAuthentication } = await import('@simplewebauthn/browser');
    try {
      return await startAuthentication({
        optionsJSON: options.data as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
      });
    } catch (error) {
      setMessage({ tone: 'error', text: `No passkey was used: ${(error as Error).message}` });
      return undefined;
    }
  }

  async function signInWithPasskey() {
    setBusy(true);
    const response = await passkeyAnswer();
    const answer = response === undefined ? undefined : await adminApi.passkeySignIn(response);
    setBusy(false);
    if (!answer) return;
    if (!answer.ok) return setMessage({ tone: 'error', text: answer.message });
    void navigate(next);
  }

  /** Sends the mode's form, with the second factor when the server asked for it: the code typed, or this device's passkey. */
  async function send(proof: { code?: string; passkey?: unknown }) {
    setBusy(true);
    const answer =
      mode === 'login'
        ? await adminApi.login(values.username!, values.password!, proof.code)
        : mode === 'reset-password'
          ? await adminApi.resetPassword({
              ...(values as { username: string; currentPassword: string; newPassword: string; confirmPassword: string }),
              ...proof,
            })
          : await adminApi.resetUsername({
              ...(values as { username: string; currentPassword: string; newUsername: string; confirmUsername: string }),
              ...proof,
            });
    setBusy(false);
    if (!answer.ok && answer.mfaRequired) {
      setCodeStep(true);
      setCode('');
      setMessage({ tone: 'error', text: answer.message });
      requestAnimationFrame(() => document.getElementById(`admin-${CODE_FIELD.name}`)?.focus());
      return;
    }
    if (!answer.ok) return setMessage({ tone: 'error', text: answer.message });
    if (mode === 'login' && 'mustChangePassword' in answer.data && answer.data.mustChangePassword) {
      return void navigate(`${ADMIN_PAGES.login}?mode=reset-password`, {
        state: { username: values.username, message: { tone: 'error', text: ADMIN_MESSAGES.mustChangePassword } },
      });
    }
    if (mode === 'login') return void navigate(next);
    // A browser that was signed in stays signed in, with a new session, after changing its password.
    if ('signedIn' in answer.data && answer.data.signedIn) return void navigate(ADMIN_PAGES.tables);
    setValues(Object.fromEntries(fields.map((field) => [field.name, ''])));
    setCodeStep(false);
    setCode('');
    setMessage({ tone: 'success', text: (answer.data as { message: string }).message });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const empty = shown.find((field) => !(field === CODE_FIELD ? code : values[field.name]));
    if (empty) {
      setMessage({ tone: 'error', text: `Enter your ${empty.label.toLowerCase()}.` });
      document.getElementById(`admin-${empty.name}`)?.focus();
      return;
    }
    await send(codeStep ? { code } : {});
  }

  async function resetWithPasskey() {
    setBusy(true);
    const passkey = await passkeyAnswer();
    setBusy(false);
    if (passkey !== undefined) await send({ passkey });
  }

  return (
    <AdminShell title={title}>
      <form className="admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div role="alert" className="admin-form__message">
          {message && <p className={`admin-form__${message.tone}`}>{message.text}</p>}
        </div>
        {shown.map((field) => (
          <div key={field.name} className="admin-form__group">
            <label htmlFor={`admin-${field.name}`}>{field.label}</label>
            <input
              id={`admin-${field.name}`}
              className="text-input"
              name={field.name}
              type={field.type}
              required
              autoComplete={field.autoComplete}
              {...(field === CODE_FIELD && { inputMode: 'text' as const, spellCheck: false })}
              value={field === CODE_FIELD ? code : values[field.name]}
              onChange={(event) =>
                field === CODE_FIELD
                  ? setCode(event.target.value)
                  : setValues((current) => ({ ...current, [field.name]: event.target.value }))
              }
            />
          </div>
        ))}
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Please wait…' : codeStep && mode === 'login' ? 'Verify' : submit}
        </button>
      </form>
      {mode === 'login' ? (
        <p className="admin-form__alternative">
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => void signInWithPasskey()}>
            Sign in with a passkey
          </button>
        </p>
      ) : (
        codeStep && (
          <p className="admin-form__alternative">
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => void resetWithPasskey()}>
              Use a passkey instead of a code
            </button>
          </p>
        )
      )}
      <nav className="admin-form__modes" aria-label="Account">
        {codeStep ? (
          <button
            type="button"
            className="admin-form__link"
            onClick={() => {
              setCodeStep(false);
              setMessage(undefined);
            }}
          >
            Start again
          </button>
        ) : mode === 'login' ? (
          <>
            <Link to={`${ADMIN_PAGES.login}?mode=reset-password`}>Reset password</Link>
            <Link to={`${ADMIN_PAGES.login}?mode=reset-username`}>Reset username</Link>
          </>
        ) : (
          <Link to={ADMIN_PAGES.login}>Back to Login</Link>
        )}
      </nav>
    </AdminShell>
  );
}
