import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReportedLink, SourcesReport } from '../../shared/linkCheck';
import { adminApi } from '../adminApi';
import { editorPath } from './pagesApi';

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });
const day = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium' });

/** Each place an address is named, as a link that opens the file in the page editor, with its line. */
function Places({ link }: { link: ReportedLink }) {
  return (
    <ul>
      {link.places.map((place) => (
        <li key={`${place.file}:${place.line}:${place.col}`}>
          <Link to={editorPath(place.file)}>{place.file}</Link>, line {place.line} ({place.path})
        </li>
      ))}
    </ul>
  );
}

/**
 * What the link check found (api/linkCheck/): the links broken since a day or more and the
 * certificates that could not be verified, each at the files and lines that name it, and, with
 * `review`, the pages whose oldest source was checked more than 12 months ago. On the owners'
 * dashboard (all of it) and above the Pages list (the links). Says when the check last ran, or
 * that it is off on this server, so nobody takes silence for "all well".
 */
export function SourcesReportPanel({ review = false, level = 2 }: { review?: boolean; level?: 2 | 3 }) {
  const id = useId();
  const [report, setReport] = useState<SourcesReport | undefined>();
  const [failed, setFailed] = useState<string | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    adminApi.contentSources(controller.signal).then(
      (answer) => (answer.ok ? setReport(answer.data) : setFailed(answer.message)),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  const Heading = level === 2 ? 'h2' : 'h3';
  const Sub = level === 2 ? 'h3' : 'h4';
  if (failed)
    return (
      <p className="desk-notice desk-notice--error" role="alert">
        The link check’s results could not be loaded: {failed}
      </p>
    );
  if (!report) return null;
  const { lastRun, everyHours, broken, warnings, reviewDue } = report;
  return (
    <section className="pages-sources-due" aria-labelledby={id}>
      <Heading id={id}>Sources and links</Heading>
      <p>
        {lastRun
          ? `Links last checked ${when(lastRun.finishedAt)} (India time): ${lastRun.checked} addresses${everyHours ? `, every ${everyHours} hours` : ''}.`
          : everyHours
            ? `The first check of the links is due within the hour; it then runs every ${everyHours} hours.`
            : 'This server does not check the links: SITE_URL is not set to the live site’s address. Run npm run check:links to check them now.'}
      </p>
      {broken.length > 0 && (
        <>
          <Sub>Broken links ({broken.length})</Sub>
          <p>These have not answered at any check for a day or more. Find where the page has moved and link there, or take the link out.</p>
          <ul>
            {broken.map((link) => (
              <li key={link.url}>
                {link.url}: no answer since {day(link.since)} ({link.detail})
                <Places link={link} />
              </li>
            ))}
          </ul>
        </>
      )}
      {warnings.length > 0 && (
        <>
          <Sub>Certificates not verified ({warnings.length})</Sub>
          <p>The site’s security certificate could not be verified; open each in a browser to see that it still works.</p>
          <ul>
            {warnings.map((link) => (
              <li key={link.url}>
                {link.url} ({link.detail})
                <Places link={link} />
              </li>
            ))}
          </ul>
        </>
      )}
      {lastRun && broken.length === 0 && warnings.length === 0 && <p>Every link answered.</p>}
      {review && (
        <>
          <Sub>Pages due for review ({reviewDue.length})</Sub>
          {reviewDue.length === 0 ? (
            <p>Every page’s sources were checked within the last 12 months.</p>
          ) : (
            <>
              <p>
                Their oldest source was checked more than 12 months ago: compare the page with its sources, then update each checked date.
              </p>
              <ul>
                {reviewDue.map((page) => (
                  <li key={page.file}>
                    <Link to={editorPath(page.file)}>{page.route}</Link> · {page.title}: oldest source checked {day(page.oldestChecked)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
