import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { adminApi, type DataOf, type FactorProof, type SecondFactors } from '../adminApi';

/** This device's passkey, answering a sign-in challenge; the reason when none was used. */
export async function passkeyAnswer(): Promise<{ response: unknown } | { message: string }> {
  const options = await adminApi.passkeySignInOptions();
  if (!options.ok) return { message: options.message };
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    return {
      response: await startAuthentication({
        optionsJSON: options.data as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
      }),
    };
  } catch (error) {
    return { message: `No passkey was used: ${(error as Error).message}` };
  }
}

export type Confirmed = DataOf<typeof adminApi.confirmIdentity>;

/**
 * "Confirm it is you": the password, and a code or a passkey when the account has a factor,
 * asked again before a change a session alone must not make (the account's own second factors,
 * or another account: added, removed, its role or e-mail changed). It holds for five minutes.
 * `factors` are the signed-in account's, read here when not given. A refusal shows in the form.
 */
export function ConfirmIdentity({
  purpose,
  factors: given,
  onConfirmed,
  onCancel,
  focus = false,
}: {
  /** What it is for, after "Before you": "change how this account signs in". */
  purpose: string;
  factors?: SecondFactors;
  onConfirmed: (confirmed: Confirmed) => void;
  /** With it, a Cancel button. */
  onCancel?: () => void;
  /** Takes the focus when it appears (asked for in the middle of a change). */
  focus?: boolean;
}) {
  const id = useId();
  const [read, setRead] = useState<SecondFactors | undefined>();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | undefined>();
  const passwordField = useRef<HTMLInputElement>(null);
  const factors = given ?? read;

  useEffect(() => {
    if (given) return;
    let current = true;
    void adminApi.secondFactors().then((answer) => {
      if (!current) return;
      if (answer.ok) setRead(answer.data);
      else setRefusal(answer.message);
    });
    return () => {
      current = false;
    };
  }, [given]);
  useEffect(() => {
    if (focus && factors) passwordField.current?.focus();
  }, [focus, factors]);

  async function confirm(proof: FactorProof) {
    const answer = await adminApi.confirmIdentity({ password, ...proof });
    if (!answer.ok) return setRefusal(answer.message);
    setRefusal(undefined);
    setPassword('');
    setCode('');
    onConfirmed(answer.data);
  }

  async function confirmWithPasskey() {
    const passkey = await passkeyAnswer();
    if ('message' in passkey) return setRefusal(passkey.message);
    await confirm({ passkey: passkey.response });
  }

  const hasFactor = factors !== undefined && (factors.totp || factors.passkeys.length > 0);
  return (
    <form
      className="desk-form"
      noValidate
      aria-labelledby={`${id}-confirm`}
      onSubmit={(event) => {
        event.preventDefault();
        void confirm(code ? { code } : {});
      }}
    >
      <h3 id={`${id}-confirm`}>Confirm it is you</h3>
      <div aria-live="polite">{refusal && <p className="desk-notice desk-notice--error">{refusal}</p>}</div>
      {!factors ? (
        <p role="status">Loading...</p>
      ) : (
        <>
          <p>
            {hasFactor
              ? `Before you ${purpose}, enter your password and a code from your authenticator app (or a recovery code), or use a passkey. It holds for 5 minutes.`
              : `Before you ${purpose}, enter your password. It holds for 5 minutes.`}
          </p>
          <TextField
            id={`${id}-password`}
            label="Password"
            type="password"
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            inputRef={passwordField}
          />
          {hasFactor && (
            <TextField
              id={`${id}-proof`}
              label="Code from your authenticator app, or a recovery code"
              value={code}
              onChange={setCode}
              autoComplete="one-time-code"
            />
          )}
          <button type="submit" className="button">
            Confirm
          </button>
          {factors.passkeys.length > 0 && (
            <button type="button" className="button button--ghost" onClick={() => void confirmWithPasskey()}>
              Confirm with a passkey
            </button>
          )}
          {onCancel && (
            <button type="button" className="button button--ghost" onClick={onCancel}>
              Cancel
            </button>
          )}
        </>
      )}
    </form>
  );
}

/**
 * For a screen whose changes may need a fresh confirmation: `confirmed(place, send, then)` sends
 * a change and hands its answer to `then`; when the server answers 403 `confirmIdentity`,
 * `promptAt(place)` is ConfirmIdentity (which takes the focus), to show beside the control that
 * asked, and once the person has confirmed, the same change is sent again and the focus goes back
 * where it was. Cancelled, the change is not sent and `onCancel(place)` says so.
 */
export function useConfirmedChanges(purpose: string, onCancel: (place: string) => void) {
  const [pending, setPending] = useState<{ place: string; again: () => void; from: Element | null } | undefined>();

  async function confirmed<A extends { ok: boolean; confirmIdentity?: boolean }>(
    place: string,
    send: () => Promise<A>,
    then: (answer: A) => void,
  ) {
    const answer = await send();
    if (!answer.ok && answer.confirmIdentity) {
      setPending({ place, again: () => void confirmed(place, send, then), from: document.activeElement });
      return;
    }
    then(answer);
  }

  const back = () => {
    if (pending?.from instanceof HTMLElement && pending.from.isConnected) pending.from.focus();
    setPending(undefined);
  };
  const promptAt = (place: string): ReactNode =>
    pending?.place === place && (
      <ConfirmIdentity
        purpose={purpose}
        focus
        onConfirmed={() => {
          back();
          pending.again();
        }}
        onCancel={() => {
          back();
          onCancel(place);
        }}
      />
    );
  return { confirmed, promptAt };
}

/** A labelled text box of the desk's forms. */
export function TextField({
  id,
  label,
  onChange,
  inputRef,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'autoComplete' | 'placeholder' | 'type'>) {
  return (
    <div className="desk-form__group">
      <label htmlFor={id}>{label}</label>
      <input id={id} ref={inputRef} className="text-input" {...input} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
