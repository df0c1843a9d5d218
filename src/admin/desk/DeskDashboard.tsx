import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { DeskStats } from '../../shared/deskStats';
import { useDeskWorkflow } from './useDeskWorkflow';
import { formatIsoDate } from '../../shared/formatDate';
import { adminApi } from '../adminApi';
import { BackupStatusPanel } from './BackupStatusPanel';
import { ContentStatusPanel } from './ContentStatusPanel';
import { SourcesReportPanel } from '../pages/SourcesReportPanel';
import { FORM_NAMES, plural } from './deskText';
import { MarketingPanel } from './MarketingPanel';
import { PipelinePanel } from './PipelinePanel';
import { ReviewLink } from '../pages/ReviewLink';
import { WeeklyChart } from './WeeklyChart';
import './DeskDashboard.css';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; stats: DeskStats };

/** Totals by source page over all the weeks shown, largest first. */
function sources(stats: DeskStats): [string, number][] {
  const totals = new Map<string, number>();
  for (const week of stats.weeks)
    for (const [source, count] of Object.entries(week.bySource)) totals.set(source, (totals.get(source) ?? 0) + count);
  return [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The dashboard: for owners, the backups; what is due, enquiries per week (a chart and the same figures as a table), where they came from, and how fast they are picked up. */
export function DeskDashboard({ owner }: { owner: boolean }) {
  const { statuses } = useDeskWorkflow();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    adminApi.stats(controller.signal).then(
      (answer) => {
        setLoad(answer.ok ? { state: 'ready', stats: answer.data } : { state: 'failed', message: answer.message });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  if (load.state === 'loading') return <p role="status">Loading...</p>;
  if (load.state === 'failed') {
    return (
      <p className="desk-notice desk-notice--error" role="alert">
        {load.message}
      </p>
    );
  }
  const { stats } = load;
  const median = stats.medianHoursToFirstStatusChange;
  return (
    <section className="desk-dashboard" aria-labelledby="desk-dashboard-title">
      <h2 id="desk-dashboard-title">Dashboard</h2>
      {owner && <ContentStatusPanel />}
      {owner && <ReviewLink />}
      {owner && <SourcesReportPanel review level={3} />}
      {owner && <BackupStatusPanel />}
      <ul className="desk-figures">
        <li>
          <Link to="?view=due">
            <strong>{stats.dueToday.toLocaleString('en-IN')}</strong> due today
          </Link>
        </li>
        <li>
          <Link to="?view=due">
            <strong>{stats.overdue.toLocaleString('en-IN')}</strong> overdue
          </Link>
        </li>
        <li>
          <strong>{median === null ? '—' : `${median.toLocaleString('en-IN')} h`}</strong> median time from arrival to first status change
          (last 12 weeks)
        </li>
      </ul>

      <h3>Enquiries per week</h3>
      <WeeklyChart weeks={stats.weeks} />
      <div className="desk-table" role="region" aria-label="Enquiries per week, table" tabIndex={0}>
        <table>
          <caption>Enquiries per week, India time, weeks from Monday</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">{FORM_NAMES.contact}</th>
              <th scope="col">{FORM_NAMES.about}</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {stats.weeks.map((week) => (
              <tr key={week.weekOf}>
                <th scope="row">{formatIsoDate(week.weekOf)}</th>
                <td>{week.byForm.contact}</td>
                <td>{week.byForm.about}</td>
                <td>{week.byForm.contact + week.byForm.about}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="desk-dashboard__pair">
        <div className="desk-table" role="region" aria-label="By source page" tabIndex={0}>
          <table>
            <caption>By source page, last 12 weeks</caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Enquiries</th>
              </tr>
            </thead>
            <tbody>
              {sources(stats).map(([source, count]) => (
                <tr key={source}>
                  <th scope="row">{source === '(direct)' ? 'Straight to the form' : source}</th>
                  <td>{count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="desk-table" role="region" aria-label="By status" tabIndex={0}>
          <table>
            <caption>By status, all enquiries</caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Enquiries</th>
              </tr>
            </thead>
            <tbody>
              {statuses.map((status) => (
                <tr key={status.id}>
                  <th scope="row">
                    <Link to={`?status=${status.id}`}>{status.label}</Link>
                  </th>
                  <td>{plural(stats.byStatus[status.id] ?? 0, 'enquiry', 'enquiries')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {owner && <PipelinePanel />}
      <MarketingPanel owner={owner} />
    </section>
  );
}
