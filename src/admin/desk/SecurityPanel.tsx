import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatIndiaTime } from '../../shared/indiaTime';
import { adminApi, type SecondFactors } from '../adminApi';
import { ConfirmIdentity, TextField } from './ConfirmIdentity';

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * Sign-in security: the account's own second factors. An authenticator app is set up by
 * scanning a QR code and typing the code it shows; a passkey by this device's own prompt.
 * The first factor brings ten recovery codes, shown here once and never again. Changing
 * anything asks first for the password and a current factor (the password alone for an
 * account without one), which then holds for five minutes.
 * `onEnrolled` tells the desk that an account which had to enrol now may continue.
 */
export function SecurityPanel({ onEnrolled }: { onEnrolled: () => void }) {
  const id = useId();
  const [factors, setFactors] = useState<SecondFactors | undefined>();
  const [notice, setNotice] = useState<Notice | undefined>();
  const [pending, setPending] = useState<{ secret: string; setUp: number } | undefined>();
  const [code, setCode] = useState('');
  const [passkeyName, setPasskeyName] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | undefined>();
  const [version, setVersion] = useState(0);
  // Changes are open while the last confirmation holds; the form to confirm comes back when it runs out.
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => {
    const left = factors?.confirmedUntil ? Date.parse(factors.confirmedUntil) - Date.now() : 0;
    const now = setTimeout(() => setConfirmed(left > 0), 0);
    const later = left > 0 ? setTimeout(() => setConfirmed(false), left) : undefined;
    return () => {
      clearTimeout(now);
      clearTimeout(later);
    };
  }, [factors]);

  useEffect(() => {
    let current = true;
    void adminApi.secondFactors().then((answer) => {
      if (!current) return;
      if (answer.ok) setFactors(answer.data);
      else setNotice({ tone: 'error', text: answer.message });
    });
    return () => {
      current = false;
    };
  }, [version]);

  /** Shows what the server said; true when it succeeded. */
  function answered(answer: { ok: boolean; status?: number; message?: string; confirmIdentity?: boolean }, success?: string): boolean {
    // The five minutes ran out: the form to confirm it is you comes back.
    if (!answer.ok && answer.confirmIdentity) setPending(undefined);
    if (!answer.ok) setNotice({ tone: 'error', text: answer.message ?? '' });
    else if (success) setNotice({ tone: 'success', text: success });
    setVersion((value) => value + 1);
    return answer.ok;
  }

  async function startTotp() {
    const answer = await adminApi.startTotp();
    if (answered(answer) && answer.ok) {
      setPending({ secret: answer.data.secret, setUp: Date.now() });
      setNotice(undefined);
    }
  }

  async function confirmTotp(event: FormEvent) {
    event.preventDefault();
    const answer = await adminApi.confirmTotp(code);
    if (!answered(answer, answer.ok ? answer.data.message : undefined) || !answer.ok) return;
    setPending(undefined);
    setCode('');
    if (answer.data.recoveryCodes.length) setRecoveryCodes(answer.data.recoveryCodes);
    else onEnrolled();
  }

  async function addPasskey(event: FormEvent) {
    event.preventDefault();
    const options = await adminApi.passkeyOptions();
    if (!answered(options) || !options.ok) return;
    const { startRegistration } = await import('@simplewebauthn/browser');
    let response: unknown;
    try {
      response = await startRegistration({
        optionsJSON: options.data as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
      });
    } catch (error) {
      return setNotice({ tone: 'error', text: `The passkey was not made: ${(error as Error).message}` });
    }
    const answer = await adminApi.addPasskey(passkeyName, response);
    if (!answered(answer, answer.ok ? answer.data.message : undefined) || !answer.ok) return;
    setPasskeyName('');
    if (answer.data.recoveryCodes.length) setRecoveryCodes(answer.data.recoveryCodes);
    else onEnrolled();
  }

  async function newCodes() {
    if (!window.confirm('Make ten new recovery codes? The ones you have now stop working.')) return;
    const answer = await adminApi.newRecoveryCodes();
    if (answered(answer) && answer.ok) setRecoveryCodes(answer.data.recoveryCodes);
  }

  if (recoveryCodes) {
    return (
      <section aria-labelledby={`${id}-codes`}>
        <h2 id={`${id}-codes`}>Your recovery codes</h2>
        <div aria-live="polite">{notice && <p className={`desk-notice desk-notice--${notice.tone}`}>{notice.text}</p>}</div>
        <p>
          Each code signs you in once if you lose your phone or passkey. Write them down or print them, and keep them where you keep
          important papers. They are shown only now.
        </p>
        <ol className="security-codes" aria-label="Recovery codes">
          {recoveryCodes.map((recoveryCode) => (
            <li key={recoveryCode}>
              <code>{recoveryCode}</code>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button"
          onClick={() => {
            setRecoveryCodes(undefined);
            onEnrolled();
          }}
        >
          I have kept these codes
        </button>
      </section>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Sign-in security</h2>
      <div aria-live="polite">{notice && <p className={`desk-notice desk-notice--${notice.tone}`}>{notice.text}</p>}</div>
      {!factors ? (
        <p role="status">Loading...</p>
      ) : !confirmed ? (
        <>
          <ConfirmIdentity
            purpose={hasFactor(factors) ? 'change how this account signs in' : 'set up how this account signs in'}
            factors={factors}
            onConfirmed={(confirmed) => answered({ ok: true }, confirmed.message)}
          />
          <p>
            {factors.totp ? 'An authenticator app is set up. ' : ''}
            {factors.passkeys.length} passkey{factors.passkeys.length === 1 ? '' : 's'}, {factors.recoveryCodesLeft} of 10 recovery codes
            unused.
          </p>
        </>
      ) : (
        <>
          <h3>Authenticator app</h3>
          {factors.totp ? (
            <p>
              Set up. You sign in with your password and the 6-digit code it shows.{' '}
              <button
                type="button"
                className="button button--ghost"
                onClick={() =>
                  window.confirm('Remove the authenticator app from this account?') &&
                  void adminApi.removeTotp().then((answer) => answered(answer, 'The authenticator app has been removed.'))
                }
              >
                Remove the app
              </button>
            </p>
          ) : pending ? (
            <form className="desk-form" noValidate onSubmit={(event) => void confirmTotp(event)}>
              <p>
                Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator or another), then type the 6-digit
                code it shows.
              </p>
              <img src={adminApi.totpQrHref(pending.setUp)} width={200} height={200} alt="QR code to set up your authenticator app" />
              <p>
                Cannot scan? Type this key into the app instead: <code className="security-key">{pending.secret}</code>
              </p>
              <TextField
                id={`${id}-code`}
                label="Code from the app"
                value={code}
                onChange={setCode}
                inputMode="numeric"
                autoComplete="one-time-code"
              />
              <button type="submit" className="button">
                Confirm the app
              </button>
            </form>
          ) : (
            <p>
              <button type="button" className="button" onClick={() => void startTotp()}>
                Set up an authenticator app
              </button>
            </p>
          )}

          <h3>Passkeys</h3>
          <p>A passkey signs you in with this device’s screen lock or fingerprint, and works only on this site.</p>
          {factors.passkeys.length > 0 && (
            <ul className="security-passkeys">
              {factors.passkeys.map((passkey) => (
                <li key={passkey.id}>
                  {passkey.name}, added {formatIndiaTime(passkey.createdAt)}{' '}
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() =>
                      window.confirm(`Remove the passkey "${passkey.name}"?`) &&
                      void adminApi
                        .removePasskey(passkey.id)
                        .then((answer) => answered(answer, `The passkey "${passkey.name}" has been removed.`))
                    }
                  >
                    Remove<span className="visually-hidden"> the passkey {passkey.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form className="desk-form" noValidate onSubmit={(event) => void addPasskey(event)}>
            <TextField
              id={`${id}-passkey`}
              label="Name for a new passkey"
              value={passkeyName}
              onChange={setPasskeyName}
              placeholder="Office laptop"
            />
            <button type="submit" className="button">
              Add a passkey
            </button>
          </form>

          <h3>Recovery codes</h3>
          <p>
            {factors.recoveryCodesLeft} of 10 unused.{' '}
            {(factors.totp || factors.passkeys.length > 0) && (
              <button type="button" className="button button--ghost" onClick={() => void newCodes()}>
                Make new recovery codes
              </button>
            )}
          </p>
        </>
      )}
    </section>
  );
}

const hasFactor = (factors: SecondFactors) => factors.totp || factors.passkeys.length > 0;
