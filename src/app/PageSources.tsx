import { useId } from 'react';
import type { Source } from '../content/page.generated';
import { formatIsoDate } from '../shared/formatDate';
import { fill } from '../shared/languages';
import { fillParts } from '../shell/fillParts';
import { useSiteData } from '../shell/SiteDataContext';

/**
 * The foot of a page that states rules, figures or dates: where each comes from, who issued
 * it and when, and the day someone at the firm last checked it there, so a visitor can look
 * for themselves. A source the firm knows only from a report of it says so.
 */
export function PageSources({ sources }: { sources: readonly Source[] }) {
  const { words } = useSiteData();
  const shell = words.ui.shell;
  const id = useId();
  const date = (iso: string) => <time dateTime={iso}>{formatIsoDate(iso, shell.months)}</time>;
  return (
    <section className="container page__sources" aria-labelledby={id}>
      <h2 id={id} className="page__sources-heading">
        {shell.sourcesHeading}
      </h2>
      <p>{shell.sourcesIntro}</p>
      <ul>
        {sources.map((source, index) => (
          <li key={index}>
            {fillParts(source.published ? shell.sourceDated : shell.sourceUndated, {
              source: <a href={source.url}>{source.title}</a>,
              publisher: source.publisher,
              date: source.published && date(source.published),
            })}{' '}
            {source.reportedBy && <>{fill(shell.sourceReported, { reporter: source.reportedBy })} </>}
            {fillParts(shell.sourceChecked, { date: date(source.checked) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
