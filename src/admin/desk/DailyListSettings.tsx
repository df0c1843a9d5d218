import { useId, useState, type FormEvent } from 'react';
import type { AccountView } from '../../shared/accounts';
import { adminApi } from '../adminApi';
import type { useConfirmedChanges } from './ConfirmIdentity';
import { LANGUAGE_NAMES } from './deskText';

/**
 * Where an advisor's daily list is e-mailed at the start of each working day, and in which
 * language, in their row of the accounts table: saved together; an empty address sends none.
 */
export function DailyListSettings({
  account,
  onSaved,
  confirmed,
}: {
  account: AccountView;
  onSaved: (text: string) => void;
  /** A new address needs the owner to confirm it is them first (the accounts panel's useConfirmedChanges). */
  confirmed: ReturnType<typeof useConfirmedChanges>['confirmed'];
}) {
  const [email, setEmail] = useState(account.email ?? '');
  const [language, setLanguage] = useState(account.emailLanguage ?? 'en');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    await confirmed(
      account.username,
      () => adminApi.changeCasework(account.username, { email: address || null, emailLanguage: language }),
      (answer) => {
        if (!answer.ok) return setErrors(answer.errors ?? { email: answer.message });
        setErrors({});
        const { label } = LANGUAGE_NAMES.find((option) => option.id === answer.data.emailLanguage) ?? LANGUAGE_NAMES[0]!;
        onSaved(
          answer.data.email
            ? `${account.username} gets the daily list at ${answer.data.email}, in ${label}.`
            : `${account.username} gets no daily list by e-mail.`,
        );
      },
    );
  }

  const error = (name: string) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="field-error">
        <span className="visually-hidden">Error: </span>
        {errors[name]}
      </p>
    );

  return (
    <form className="desk-daily-list" noValidate onSubmit={(event) => void save(event)}>
      <label htmlFor={`${id}-email`}>
        E-mail for the daily list<span className="visually-hidden"> of {account.username}</span>
      </label>
      {error('email')}
      <input
        id={`${id}-email`}
        className="text-input"
        type="email"
        autoComplete="off"
        value={email}
        aria-invalid={errors.email ? true : undefined}
        aria-describedby={errors.email ? `${id}-email-error` : undefined}
        onChange={(event) => setEmail(event.target.value)}
      />
      <label htmlFor={`${id}-language`}>
        Its language<span className="visually-hidden"> ({account.username})</span>
      </label>
      {error('emailLanguage')}
      <select
        id={`${id}-language`}
        className="text-input"
        value={language}
        aria-invalid={errors.emailLanguage ? true : undefined}
        aria-describedby={errors.emailLanguage ? `${id}-emailLanguage-error` : undefined}
        onChange={(event) => setLanguage(event.target.value)}
      >
        {LANGUAGE_NAMES.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--ghost">
        Save<span className="visually-hidden"> the daily list of {account.username}</span>
      </button>
    </form>
  );
}
