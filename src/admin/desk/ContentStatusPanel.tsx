import { useEffect, useState } from 'react';
import type { ContentStatus } from '../../shared/pageEditor';
import { adminApi } from '../adminApi';

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });

/**
 * For owners on the dashboard and for editors on the list of pages: says so when the latest
 * published content does not pass the check on this server (a deploy that disagrees with what
 * editors published), so the site is serving the last content that did; nothing otherwise.
 */
export function ContentStatusPanel() {
  const [status, setStatus] = useState<ContentStatus | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    adminApi.contentStatus(controller.signal).then(
      (answer) => {
        if (answer.ok) setStatus(answer.data);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  if (!status?.problem) return null;
  const { since, problems, servedAsIs } = status.problem;
  return (
    <section aria-labelledby="content-status-title" className="desk-notice desk-notice--error">
      <h3 id="content-status-title">{servedAsIs ? 'The site’s content does not pass the check' : 'The site is showing older content'}</h3>
      {servedAsIs ? (
        <p>
          Since {when(since)} (India time), the content does not pass the check on this server, and no earlier content here did, so visitors
          see it with these problems. Fix them in the page editor and publish again:
        </p>
      ) : (
        <p>
          Since {when(since)} (India time), what was last published does not pass the check on this server, so visitors see the last content
          that did. Fix these in the page editor and publish again:
        </p>
      )}
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.file}:${problem.line}:${problem.col}:${problem.message}`}>
            {problem.file}, line {problem.line}: {problem.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
