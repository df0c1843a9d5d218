import { diffWords } from 'diff';
import { useEffect, useId, useMemo, useState } from 'react';
import type { ContentOutlines } from '../../shared/pageEditor';
import { placeInWords, pointerOf } from '../../shared/plainProblems';
import { pagesApi, type EnglishVersions } from './pagesApi';
import { translationPairs, type TextPair } from './translationPairs';

/** The English text as it is now, with what changed since the translation was made struck out and underlined. */
function EnglishText({ pair }: { pair: TextPair }) {
  if (pair.before === undefined) return <>{pair.english}</>;
  return (
    <>
      {diffWords(pair.before, pair.english).map((part, index) =>
        part.added ? (
          <ins key={index}>
            <span className="visually-hidden">added: </span>
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={index}>
            <span className="visually-hidden">removed: </span>
            {part.value}
          </del>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </>
  );
}

/**
 * For a translation: every English text beside the translation's text at the same place. Where
 * the English changed since the translation was made (its `source` stamp), the change is shown
 * word by word and the translation's text is marked to redo.
 */
export function TranslationPanel({ file, source, outlines }: { file: string; source: string; outlines: ContentOutlines }) {
  const [versions, setVersions] = useState<EnglishVersions | undefined>();
  const id = useId();

  useEffect(() => {
    let current = true;
    void pagesApi.english(file).then((answer) => {
      if (!current) return;
      if (answer.ok) setVersions(answer.data);
    });
    return () => {
      current = false;
    };
  }, [file]);

  const pairs = useMemo(() => (versions ? translationPairs(versions.now, versions.then, source) : []), [versions, source]);
  // Each row is named as the person sees the place: "FAQ (section 4) › Question 2 › Answer".
  const context = useMemo(() => versions && { outlines, sources: new Map([[versions.english, versions.now]]) }, [outlines, versions]);
  const named = (place: string) => (versions && context && placeInWords(context, versions.english, pointerOf(place))) || place;
  if (!versions) return null;
  const changed = pairs.filter((pair) => pair.before !== undefined).length;

  return (
    <section aria-labelledby={`${id}-title`} className="pages-translation">
      <h2 id={`${id}-title`}>Beside the English ({versions.english})</h2>
      <p>
        {versions.then === null
          ? 'The English version this translation was made from is not in the history, so what changed cannot be shown: compare each text below.'
          : changed === 0
            ? 'The English has not changed since this translation was made.'
            : `${changed} English text${changed === 1 ? ' has' : 's have'} changed since this translation was made: each is marked “Redo”, with the change shown word by word.`}{' '}
        Publishing the translation records that it now says what the English says.
      </p>
      <div className="desk-table" role="region" aria-label="The English and this translation, text by text" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Each English text and the translation at the same place</caption>
          <thead>
            <tr>
              <th scope="col">Place</th>
              <th scope="col">English</th>
              <th scope="col">This translation</th>
            </tr>
          </thead>
          <tbody>
            {pairs.map((pair) => (
              <tr key={pair.place} className={pair.before === undefined ? undefined : 'pages-translation__changed'}>
                <th scope="row">{named(pair.place)}</th>
                <td lang="en">
                  <EnglishText pair={pair} />
                </td>
                <td>
                  {pair.before !== undefined && <strong className="pages-translation__redo">Redo: </strong>}
                  {pair.translation ?? <em>Not there yet</em>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
