import { useEffect, useId, useState } from 'react';
import { formatIndiaTime } from '../../shared/indiaTime';
import { ActionResult, type Result } from './ActionResult';
import { pagesApi, type RevisionItem } from './pagesApi';
import { TextCompare } from './TextCompare';

interface Props {
  file: string;
  /** Changes when a publish or rollback made a new revision, to list it. */
  version: number;
  onRollback: (revision: string) => void;
  /** The result of the latest rollback, shown beside its button. */
  result: { revision: string; result: Result } | undefined;
}

const describe = (item: RevisionItem) =>
  item.at === null
    ? `Revision ${item.revision}, as deployed`
    : `Revision ${item.revision}, ${formatIndiaTime(item.at)} by ${item.by ?? ''}${item.note ? `: ${item.note}` : ''}${item.removed ? ' (removed)' : ''}`;

/** Every publish of the file, newest first: any two compared, any one published again. */
export function RevisionHistory({ file, version, onRollback, result }: Props) {
  const [items, setItems] = useState<RevisionItem[] | undefined>();
  const [pair, setPair] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const [shown, setShown] = useState<{ left: string; right: string; leftLabel: string; rightLabel: string } | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const id = useId();

  useEffect(() => {
    let current = true;
    void pagesApi.revisions(file).then((answer) => {
      if (!current) return;
      if (!answer.ok) return setMessage(answer.message);
      setItems(answer.data.items);
      setPair({ from: answer.data.items[1]?.revision ?? '', to: answer.data.items[0]?.revision ?? '' });
    });
    return () => {
      current = false;
    };
  }, [file, version]);

  async function compare() {
    const [from, to] = await Promise.all([pagesApi.revision(file, pair.from), pagesApi.revision(file, pair.to)]);
    if (!from.ok || !to.ok) return setMessage((!from.ok ? from : (to as { message: string })).message);
    setShown({
      left: from.data.source ?? '',
      right: to.data.source ?? '',
      leftLabel: `Revision ${pair.from}`,
      rightLabel: `Revision ${pair.to}`,
    });
  }

  const picker = (which: 'from' | 'to', label: string) => (
    <div className="desk-form__group">
      <label htmlFor={`${id}-${which}`}>{label}</label>
      <select
        id={`${id}-${which}`}
        className="text-input"
        value={pair[which]}
        onChange={(event) => setPair({ ...pair, [which]: event.target.value })}
      >
        {(items ?? []).map((item) => (
          <option key={item.revision} value={item.revision}>
            {describe(item)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="pages-history">
      <h2 id={`${id}-title`}>History</h2>
      <p aria-live="polite">{message}</p>
      {items === undefined ? (
        <p role="status">Loading…</p>
      ) : items.length === 0 ? (
        <p>Nothing published yet.</p>
      ) : (
        <>
          <ul className="pages-history__list">
            {items.map((item, index) => (
              <li key={item.revision}>
                {describe(item)}
                {index === 0 ? (
                  item.removed ? (
                    ''
                  ) : (
                    ' (live now)'
                  )
                ) : (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => {
                        if (
                          window.confirm(`Publish revision ${item.revision} again? Visitors see it at once; your draft, if any, is kept.`)
                        )
                          onRollback(item.revision);
                      }}
                    >
                      Roll back to revision {item.revision}
                    </button>
                  </>
                )}
                {result?.revision === item.revision && <ActionResult result={result.result} />}
              </li>
            ))}
          </ul>
          {items.length > 1 && (
            <form
              className="desk-form"
              onSubmit={(event) => {
                event.preventDefault();
                void compare();
              }}
            >
              {picker('from', 'Compare')}
              {picker('to', 'with')}
              <button type="submit" className="button">
                Compare
              </button>
            </form>
          )}
          {shown && <TextCompare {...shown} />}
        </>
      )}
    </section>
  );
}
