import { useId, useState, type FormEvent } from 'react';
import type { AccountView, DisplayNames } from '../../shared/accounts';
import accountChange from '../../../schemas/admin/accountChange.schema.json' with { type: 'json' };
import { adminApi } from '../adminApi';
import { LANGUAGE_NAMES } from './deskText';

/** A name as the server takes it (the schema's rule, checked here first to say which field is wrong). */
const NAME = accountChange.properties.displayNames.properties.en;
const namePattern = new RegExp(NAME.pattern, 'u');

/**
 * An advisor's name as enquirers read it, in each language the firm uses, in their row of the
 * accounts table: WhatsApp messages, the status page, the daily list and e-mails use it (the
 * English one where a language has none), never the username. Saved together; an empty field has no name.
 */
export function DisplayNamesSettings({ account, onSaved }: { account: AccountView; onSaved: (text: string) => void }) {
  const [names, setNames] = useState<DisplayNames>(account.displayNames);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const displayNames = Object.fromEntries(
      LANGUAGE_NAMES.map(({ id: language }) => [language, names[language]?.trim() ?? '']).filter(([, name]) => name !== ''),
    ) as DisplayNames;
    const refused = Object.fromEntries(
      Object.entries(displayNames)
        .filter(([, name]) => !namePattern.test(name!))
        .map(([language]) => [language, NAME['x-messages'].pattern]),
    );
    if (Object.keys(refused).length > 0) return setErrors(refused);
    const answer = await adminApi.changeCasework(account.username, { displayNames });
    if (!answer.ok) return setErrors({ form: answer.errors?.displayNames ?? answer.message });
    setErrors({});
    const saved = LANGUAGE_NAMES.filter(({ id: language }) => answer.data.displayNames[language]);
    onSaved(
      saved.length === 0
        ? `${account.username} has no name for enquirers: they read “your advisor”.`
        : `Enquirers read ${account.username} as ${saved.map(({ id: language, label }) => `${answer.data.displayNames[language]} (${label})`).join(', ')}.`,
    );
  }

  return (
    <form className="desk-daily-list" noValidate onSubmit={(event) => void save(event)}>
      {errors.form && (
        <p className="field-error" role="alert">
          <span className="visually-hidden">Error: </span>
          {errors.form}
        </p>
      )}
      {LANGUAGE_NAMES.map(({ id: language, label }) => (
        <div key={language} className="desk-daily-list">
          <label htmlFor={`${id}-${language}`}>
            In {label}
            <span className="visually-hidden"> ({account.username})</span>
          </label>
          {errors[language] && (
            <p id={`${id}-${language}-error`} className="field-error">
              <span className="visually-hidden">Error: </span>
              {errors[language]}
            </p>
          )}
          <input
            id={`${id}-${language}`}
            className="text-input"
            lang={language}
            autoComplete="off"
            maxLength={60}
            value={names[language] ?? ''}
            aria-invalid={errors[language] ? true : undefined}
            aria-describedby={errors[language] ? `${id}-${language}-error` : undefined}
            onChange={(event) => setNames({ ...names, [language]: event.target.value })}
          />
        </div>
      ))}
      <button type="submit" className="button button--ghost">
        Save<span className="visually-hidden"> the names of {account.username}</span>
      </button>
    </form>
  );
}
