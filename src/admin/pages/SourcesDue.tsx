import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { PageListItem } from '../../shared/pageEditor';
import { editorPath } from './pagesApi';

/**
 * The pages whose sources are due, above the list of files: each states a figure or a date
 * with no source, or names a source last checked more than 12 months ago. Opening one shows
 * the check's warning at its line. Nothing is shown while every page is up to date.
 */
export function SourcesDue({ items }: { items: readonly PageListItem[] }) {
  const id = useId();
  const due = items.filter((item) => item.sourcesDue);
  if (due.length === 0) return null;
  return (
    <section className="pages-sources-due" aria-labelledby={id}>
      <h2 id={id}>Sources due ({due.length})</h2>
      <p>
        These pages state a figure or a date without a source, or name a source checked more than 12 months ago. Check the figures at their
        sources, then update the page and each source’s checked date.
      </p>
      <ul>
        {due.map((item) => (
          <li key={item.file}>
            <Link to={editorPath(item.file)}>{item.route ?? item.file}</Link> · {item.title}
          </li>
        ))}
      </ul>
    </section>
  );
}
