import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_API } from '../../shared/adminPaths';
import { formatIsoDate } from '../../shared/formatDate';
import type { MarketingStats } from '../../shared/marketingStats';
import { adminApi } from '../adminApi';
import { ExpectedCampaigns } from './ExpectedCampaigns';
import { FiguresTable } from './FiguresTable';

const PERIODS = [7, 30, 90] as const;
/** Pages in the chart: the busiest, so it stays readable on a phone. */
const CHART_ROWS = 10;

const per100 = (enquiries: number, visits: number) => (visits === 0 ? '—' : ((enquiries * 100) / visits).toFixed(1));
const number = (value: number) => value.toLocaleString('en-IN');

/** Visits, enquiries and enquiries per 100 visits, as a row's last three cells. */
function Figures({ visits, enquiries }: { visits: number; enquiries: number }) {
  return (
    <>
      <td>{number(visits)}</td>
      <td>{number(enquiries)}</td>
      <td>{per100(enquiries, visits)}</td>
    </>
  );
}

/** A table of named rows (pages, sites), each with its visits, enquiries and enquiries per 100 visits. */
function NamedFigures({
  caption,
  name,
  rows,
}: {
  caption: string;
  name: string;
  rows: { name: string; visits: number; enquiries: number }[];
}) {
  return (
    <FiguresTable caption={caption} head={[name, 'Visits', 'Enquiries', 'Per 100 visits']}>
      {rows.map((row) => (
        <tr key={row.name}>
          <th scope="row">{row.name}</th>
          <Figures {...row} />
        </tr>
      ))}
    </FiguresTable>
  );
}

/**
 * Where visitors come from and which pages bring enquiries, for the last 7, 30 or 90 days:
 * visits and enquiries per page, campaign and referring site with enquiries per 100 visits,
 * the pages visits begin on, and the eligibility checkers. Counted without cookies.
 */
export function MarketingPanel({ owner }: { owner: boolean }) {
  const id = useId();
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const [stats, setStats] = useState<MarketingStats | { message: string } | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    adminApi.visitStats(days, controller.signal).then(
      (answer) => {
        setStats(answer.ok ? answer.data : { message: answer.message });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [days]);

  const heading = (
    <div className="desk-marketing__head">
      <h3 id={`${id}-title`}>Visits and enquiries</h3>
      <label htmlFor={`${id}-days`}>Period</label>
      <select
        id={`${id}-days`}
        className="text-input"
        value={days}
        onChange={(event) => setDays(Number(event.target.value) as typeof days)}
      >
        {PERIODS.map((period) => (
          <option key={period} value={period}>
            Last {period} days
          </option>
        ))}
      </select>
      {owner && (
        <a className="button button--ghost" href={`${ADMIN_API.visitStatsCsv}?days=${days}`} download>
          Download CSV
        </a>
      )}
    </div>
  );
  if (!stats || !('totals' in stats))
    return (
      <section className="desk-marketing" aria-labelledby={`${id}-title`}>
        {heading}
        <p role={stats ? 'alert' : 'status'}>{stats ? stats.message : 'Loading...'}</p>
      </section>
    );

  const chart = stats.pages.filter((page) => page.visits > 0).slice(0, CHART_ROWS);
  const top = Math.max(1, ...chart.map((page) => page.visits));
  const landings = stats.pages.filter((page) => page.landings > 0).sort((a, b) => b.landings - a.landings);
  return (
    <section className="desk-marketing" aria-labelledby={`${id}-title`}>
      {heading}
      <p>
        {formatIsoDate(stats.from)} to {formatIsoDate(stats.to)}: <strong>{number(stats.totals.visits)}</strong> visits,{' '}
        <strong>{number(stats.totals.enquiries)}</strong> enquiries, {per100(stats.totals.enquiries, stats.totals.visits)} enquiries per 100
        visits. Pages viewed are counted without cookies; visitors who ask not to be tracked are not counted.
      </p>
      {chart.length > 0 && (
        <figure className="desk-marketing__chart">
          <figcaption>
            The {chart.length} most visited pages: visits, and the enquiries sent from each (figures in the table below)
          </figcaption>
          <ul>
            {chart.map((page) => (
              <li key={page.path}>
                <span className="desk-marketing__page">{page.path}</span>
                <span className="desk-marketing__bars" aria-hidden="true">
                  <span className="desk-marketing__visits" style={{ width: `${(page.visits / top) * 100}%` }} />
                  <span className="desk-marketing__enquiries" style={{ width: `${(page.enquiries / top) * 100}%` }} />
                </span>
                <span>
                  {number(page.visits)} visits, {number(page.enquiries)} enquiries
                </span>
              </li>
            ))}
          </ul>
        </figure>
      )}
      <NamedFigures caption="Per page" name="Page" rows={stats.pages.map((page) => ({ ...page, name: page.path }))} />
      <FiguresTable
        caption="Per campaign (utm_source, utm_medium, utm_campaign)"
        head={['Campaign', 'Source', 'Medium', 'Visits', 'Enquiries', 'Per 100 visits']}
      >
        {stats.campaigns.map((row) => (
          <tr key={`${row.source} ${row.medium} ${row.campaign}`}>
            <th scope="row">
              {row.campaign ? <Link to={`/table?campaign=${encodeURIComponent(row.campaign)}`}>{row.campaign}</Link> : '—'}
            </th>
            <td>{row.source || '—'}</td>
            <td>{row.medium || '—'}</td>
            <Figures {...row} />
          </tr>
        ))}
      </FiguresTable>
      <ExpectedCampaigns owner={owner} />
      <NamedFigures caption="Per referring site" name="Site" rows={stats.referrers.map((row) => ({ ...row, name: row.host }))} />
      <div className="desk-dashboard__pair">
        <FiguresTable caption="Pages visits begin on" head={['Page', 'Visits begun']}>
          {landings.map((page) => (
            <tr key={page.path}>
              <th scope="row">{page.path}</th>
              <td>{number(page.landings)}</td>
            </tr>
          ))}
        </FiguresTable>
        <FiguresTable caption="Eligibility checkers" head={['Checker', 'Visits', 'Sent to an advisor']}>
          {stats.checkers.map((row) => (
            <tr key={row.path}>
              <th scope="row">{row.path}</th>
              <td>{number(row.visits)}</td>
              <td>{number(row.enquiries)}</td>
            </tr>
          ))}
        </FiguresTable>
      </div>
    </section>
  );
}
