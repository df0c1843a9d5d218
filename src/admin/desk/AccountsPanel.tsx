import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { ROLES, type AccountView, type Role } from '../../shared/accounts';
import { formatIndiaTime } from '../../shared/indiaTime';
import { adminApi, type ApiAnswer } from '../adminApi';
import { useConfirmedChanges } from './ConfirmIdentity';
import { DailyListSettings } from './DailyListSettings';
import { DisplayNamesSettings } from './DisplayNamesSettings';
import { LANGUAGE_NAMES } from './deskText';

/** A result, and where it shows: beside the control that asked (`place`: an account's row, or `add`). */
type Notice = { tone: 'success' | 'error'; text: string; place: string };
const ADD = 'add';

/**
 * Owners add colleagues, give them a role, say which languages each advisor speaks, who takes
 * new enquiries by _desk.yaml's assignment rule and where each one's daily list is e-mailed, and
 * remove them. Every change lands in the audit log. Adding, removing, a new role or e-mail
 * address need the owner's password and factor entered within five minutes: when the server asks
 * for them, the panel does beside the control that asked, then makes the change. Each result
 * shows beside its control (a removal's, where the row was: above the table).
 */
/** `onOwnChange`: the signed-in account's own names changed (its WhatsApp messages sign with them). */
export function AccountsPanel({ self, onOwnChange }: { self: string; onOwnChange?: () => void }) {
  const [accounts, setAccounts] = useState<AccountView[] | undefined>();
  const [notice, setNotice] = useState<Notice | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [draft, setDraft] = useState({ username: '', password: '', role: 'staff' as Role });
  const id = useId();

  const [version, setVersion] = useState(0);
  const reload = () => setVersion((value) => value + 1);
  const { confirmed, promptAt } = useConfirmedChanges('add or remove an account, or change its role or e-mail address', (place) => {
    setNotice({ tone: 'error', text: 'Nothing was changed: it needs you to confirm it is you first.', place });
    reload();
  });
  const noticeAt = (place: string) => (
    <div aria-live="polite">{notice?.place === place && <p className={`desk-notice desk-notice--${notice.tone}`}>{notice.text}</p>}</div>
  );

  useEffect(() => {
    let current = true;
    void adminApi.accounts().then((answer) => {
      if (!current) return;
      if (answer.ok) setAccounts(answer.data.items);
      else setNotice({ tone: 'error', text: answer.message, place: '' });
    });
    return () => {
      current = false;
    };
  }, [version]);

  async function add(event: FormEvent) {
    event.preventDefault();
    const account = draft;
    await confirmed(
      ADD,
      () => adminApi.addAccount(account),
      (answer) => {
        if (!answer.ok) {
          setErrors(answer.errors ?? {});
          return setNotice({ tone: 'error', text: answer.message, place: ADD });
        }
        setErrors({});
        setDraft({ username: '', password: '', role: 'staff' });
        setNotice({
          tone: 'success',
          text: `The account ${answer.data.username} has been added as ${answer.data.role}. Give them their first password in person: they choose their own when they first sign in.`,
          place: ADD,
        });
        reload();
      },
    );
  }

  /** A change in `account`'s row; its result shows in the row, or above the table once the row has gone. */
  function act(account: string, run: () => Promise<ApiAnswer<unknown>>, done: string, removes = false) {
    return confirmed(account, run, (answer) => {
      setNotice({
        ...(answer.ok ? { tone: 'success', text: done } : { tone: 'error', text: answer.message }),
        place: answer.ok && removes ? '' : account,
      });
      reload();
    });
  }

  const field = (name: keyof typeof draft, label: string, input: ReactNode) => (
    <div className="desk-form__group">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field-error">
          <span className="visually-hidden">Error: </span>
          {errors[name]}
        </p>
      )}
      {input}
    </div>
  );
  const common = (name: keyof typeof draft) => ({
    id: `${id}-${name}`,
    className: 'text-input',
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Staff accounts</h2>
      {noticeAt('')}
      {accounts === undefined ? (
        <p role="status">Loading...</p>
      ) : (
        <div className="desk-table desk-table--cards" role="region" aria-label="Staff accounts, table" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Staff accounts</caption>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Role</th>
                <th scope="col">Added</th>
                <th scope="col">Second factor</th>
                <th scope="col">Casework</th>
                <th scope="col">Name for enquirers</th>
                <th scope="col">Daily list</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((account) => (
                <tr key={account.username}>
                  <th scope="row" data-label="Username">
                    {account.username}
                    {account.username === self ? ' (you)' : ''}
                  </th>
                  <td data-label="Role">
                    <select
                      className="text-input"
                      aria-label={`Role of ${account.username}`}
                      value={account.role}
                      onChange={(event) =>
                        void act(
                          account.username,
                          () => adminApi.changeRole(account.username, event.target.value as Role),
                          `${account.username} is now ${event.target.value}.`,
                        )
                      }
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td data-label="Added">{formatIndiaTime(account.createdAt)}</td>
                  <td data-label="Second factor">
                    {account.secondFactor ? 'Set up' : 'None yet'}
                    {account.secondFactor && (
                      <button
                        type="button"
                        className="button button--ghost"
                        onClick={() => {
                          if (
                            window.confirm(
                              `Remove the authenticator app, passkeys and recovery codes of ${account.username}? Do this only when they have lost them; they set up new ones at their next sign-in.`,
                            )
                          ) {
                            void act(
                              account.username,
                              () => adminApi.removeSecondFactors(account.username),
                              `The second factors of ${account.username} have been removed.`,
                            );
                          }
                        }}
                      >
                        Remove<span className="visually-hidden"> the second factors of {account.username}</span>
                      </button>
                    )}
                  </td>
                  <td data-label="Casework">
                    {account.role === 'editor' ? (
                      'Not an advisor'
                    ) : (
                      <fieldset className="desk-casework">
                        <legend className="visually-hidden">Casework of {account.username}</legend>
                        <label>
                          <input
                            type="checkbox"
                            checked={account.available}
                            onChange={(event) =>
                              void act(
                                account.username,
                                () => adminApi.changeCasework(account.username, { available: event.target.checked }),
                                event.target.checked
                                  ? `${account.username} takes new enquiries by the assignment rule.`
                                  : `${account.username} no longer takes new enquiries by the assignment rule.`,
                              )
                            }
                          />
                          Takes new enquiries<span className="visually-hidden"> ({account.username})</span>
                        </label>
                        {LANGUAGE_NAMES.map((language) => (
                          <label key={language.id}>
                            <input
                              type="checkbox"
                              checked={account.languages.includes(language.id)}
                              onChange={(event) => {
                                const languages = event.target.checked
                                  ? [...account.languages, language.id]
                                  : account.languages.filter((other) => other !== language.id);
                                void act(
                                  account.username,
                                  () => adminApi.changeCasework(account.username, { languages }),
                                  `${account.username} ${event.target.checked ? 'speaks' : 'does not speak'} ${language.label}.`,
                                );
                              }}
                            />
                            Speaks {language.label}
                            <span className="visually-hidden"> ({account.username})</span>
                          </label>
                        ))}
                      </fieldset>
                    )}
                  </td>
                  <td data-label="Name for enquirers">
                    {account.role === 'editor' ? (
                      'Not an advisor'
                    ) : (
                      <DisplayNamesSettings
                        key={JSON.stringify(account.displayNames)}
                        account={account}
                        onSaved={(text) => {
                          setNotice({ tone: 'success', text, place: account.username });
                          reload();
                          if (account.username === self) onOwnChange?.();
                        }}
                      />
                    )}
                  </td>
                  <td data-label="Daily list">
                    {account.role === 'editor' ? (
                      'Not an advisor'
                    ) : (
                      <DailyListSettings
                        key={`${account.email ?? ''} ${account.emailLanguage ?? ''}`}
                        account={account}
                        confirmed={confirmed}
                        onSaved={(text) => {
                          setNotice({ tone: 'success', text, place: account.username });
                          reload();
                        }}
                      />
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--danger"
                      onClick={() => {
                        if (window.confirm(`Remove the account ${account.username}? Their sessions end at once.`)) {
                          void act(
                            account.username,
                            () => adminApi.removeAccount(account.username),
                            `The account ${account.username} has been removed.`,
                            true,
                          );
                        }
                      }}
                    >
                      Remove<span className="visually-hidden"> {account.username}</span>
                    </button>
                    {promptAt(account.username)}
                    {noticeAt(account.username)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <form className="desk-form desk-form--wide" noValidate aria-labelledby={`${id}-add`} onSubmit={(event) => void add(event)}>
        <h3 id={`${id}-add`}>Add an account</h3>
        {field(
          'username',
          'Username',
          <input
            {...common('username')}
            autoComplete="off"
            value={draft.username}
            onChange={(event) => setDraft({ ...draft, username: event.target.value })}
          />,
        )}
        {field(
          'password',
          'First password',
          <input
            {...common('password')}
            type="password"
            autoComplete="new-password"
            value={draft.password}
            onChange={(event) => setDraft({ ...draft, password: event.target.value })}
          />,
        )}
        {field(
          'role',
          'Role',
          <select {...common('role')} value={draft.role} onChange={(event) => setDraft({ ...draft, role: event.target.value as Role })}>
            <option value="staff">staff: read, change status, add notes and follow-ups</option>
            <option value="owner">owner: also delete, export, manage accounts, read the audit log</option>
            <option value="editor">editor: the pages only: write, check and publish them; never an enquiry</option>
          </select>,
        )}
        <button type="submit" className="button">
          Add account
        </button>
        {noticeAt(ADD)}
      </form>
      {promptAt(ADD)}
    </section>
  );
}
