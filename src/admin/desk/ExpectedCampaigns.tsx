import { useEffect, useId, useState, type FormEvent } from 'react';
import { adminApi, type ApiAnswer } from '../adminApi';

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * The campaigns and sources the owners expect visits from. Page views need no account, so anyone
 * could invent a campaign with each one; each day the server counts a limited number of new ones
 * and the rest as "(other)". Listed ones have room of their own, so they are always counted as
 * themselves. Owners add and remove them; staff see the list.
 */
export function ExpectedCampaigns({ owner }: { owner: boolean }) {
  const id = useId();
  const [items, setItems] = useState<string[] | undefined>();
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<Notice | undefined>();

  useEffect(() => {
    let current = true;
    void adminApi.expectedCampaigns().then((answer) => {
      if (!current) return;
      if (answer.ok) setItems(answer.data.items);
      else setNotice({ tone: 'error', text: answer.message });
    });
    return () => {
      current = false;
    };
  }, []);

  /** Shows the list the server answered with, or why it refused. */
  function answered(answer: ApiAnswer<{ items: string[] }>, success: string): boolean {
    if (!answer.ok) {
      setNotice({ tone: 'error', text: answer.errors?.name ?? answer.message });
      return false;
    }
    setItems(answer.data.items);
    setNotice({ tone: 'success', text: success });
    return true;
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const wanted = name.trim().toLowerCase();
    if (answered(await adminApi.addExpectedCampaign(wanted), `“${wanted}” is now expected.`)) setName('');
  }

  async function remove(campaign: string) {
    answered(await adminApi.removeExpectedCampaign(campaign), `“${campaign}” is no longer listed.`);
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Campaigns you expect</h4>
      <p>
        Each day the desk counts a limited number of new campaigns and referring sites (anyone can make up a campaign in a link); past that,
        new ones are counted as “(other)”. Campaigns and sources listed here (their utm_campaign or utm_source, as in your links) are always
        counted as themselves.
      </p>
      <div aria-live="polite">{notice && <p className={`desk-notice desk-notice--${notice.tone}`}>{notice.text}</p>}</div>
      {!items ? (
        <p role="status">Loading...</p>
      ) : items.length === 0 ? (
        <p>None listed yet.</p>
      ) : (
        <ul aria-label="Campaigns you expect">
          {items.map((campaign) => (
            <li key={campaign}>
              {campaign}{' '}
              {owner && (
                <button type="button" className="button button--ghost" onClick={() => void remove(campaign)}>
                  Remove<span className="visually-hidden"> {campaign}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {owner && (
        <form className="desk-form" noValidate onSubmit={(event) => void add(event)}>
          <label htmlFor={`${id}-name`}>Campaign or source</label>
          <input
            id={`${id}-name`}
            className="text-input"
            value={name}
            placeholder="diwali-home-loans"
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="button">
            Add to the list
          </button>
        </form>
      )}
    </section>
  );
}
