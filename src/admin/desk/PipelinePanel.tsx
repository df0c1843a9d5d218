import { useEffect, useId, useState, type FormEvent } from 'react';
import { ADMIN_API } from '../../shared/adminPaths';
import { formatIsoDate } from '../../shared/formatDate';
import { addDays, indiaDate } from '../../shared/indiaTime';
import {
  withinShare,
  type AmountCount,
  type PipelineFigures,
  type PipelineReport,
  type PipelineRow,
  type ReasonCount,
} from '../../shared/pipeline';
import { formatWholeRupees } from '../../lib/formatRupees';
import { adminApi } from '../adminApi';
import { FiguresTable } from './FiguresTable';

const number = (value: number) => value.toLocaleString('en-IN');

/** Working minutes as an advisor says them: "45 min", "3 h 20 min". */
export function workingTime(minutes: number | null): string {
  if (minutes === null) return '—';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const share = (figures: PipelineFigures) => {
  const percent = withinShare(figures.withinTarget);
  return percent === null ? '—' : `${percent}% (${number(figures.withinTarget.within)} of ${number(figures.withinTarget.of)})`;
};
const rupees = ({ count, amount }: AmountCount) => (count === 0 ? '—' : formatWholeRupees(amount));
const reasons = (list: ReasonCount[]) => (list.length === 0 ? '—' : list.map(({ reason, count }) => `${reason} (${count})`).join('; '));
const days = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-IN')} d`);

const HEAD = [
  'Enquiries',
  'First response, median',
  '90th percentile',
  'Within the target',
  'Enquiries sent to lenders',
  'Amount asked',
  'Applications submitted',
  'Sanctioned',
  'Amount sanctioned',
  'Disbursed',
  'Amount disbursed',
  'Days to sanction, median',
  'Rejections',
  'Losses',
];

/** One breakdown of the report (per advisor, page or campaign), in a scrollable region as every table of the desk. */
function Breakdown({ caption, name, rows }: { caption: string; name: string; rows: PipelineRow[] }) {
  return (
    <FiguresTable caption={caption} head={[name, ...HEAD]}>
      {rows.length === 0 && (
        <tr>
          <td colSpan={HEAD.length + 1}>No enquiries in this period.</td>
        </tr>
      )}
      {rows.map((row) => (
        <tr key={row.key ?? ''}>
          <th scope="row">{row.name}</th>
          <td>{number(row.enquiries)}</td>
          <td>{workingTime(row.firstResponse.medianMinutes)}</td>
          <td>{workingTime(row.firstResponse.p90Minutes)}</td>
          <td>{share(row)}</td>
          <td>{number(row.asked.count)}</td>
          <td>{rupees(row.asked)}</td>
          <td>{number(row.submitted.count)}</td>
          <td>{number(row.sanctioned.count)}</td>
          <td>{rupees(row.sanctioned)}</td>
          <td>{number(row.disbursed.count)}</td>
          <td>{rupees(row.disbursed)}</td>
          <td>{days(row.medianDaysToSanction)}</td>
          <td>{reasons(row.rejections)}</td>
          <td>{reasons(row.losses)}</td>
        </tr>
      ))}
    </FiguresTable>
  );
}

type Load =
  { state: 'loading' } | { state: 'failed'; message: string; errors?: Record<string, string> } | { state: 'ready'; report: PipelineReport };

/**
 * The owners' pipeline report on the dashboard: for a period they choose (the last 30 days at
 * first), what became of the enquiries received, in total and per advisor, page and campaign,
 * with the same figures as a CSV to download.
 */
export function PipelinePanel() {
  const id = useId();
  const today = indiaDate();
  const [period, setPeriod] = useState({ from: addDays(today, -29), to: today });
  const [draft, setDraft] = useState(period);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const query = `from=${period.from}&to=${period.to}`;

  useEffect(() => {
    const controller = new AbortController();
    adminApi.pipelineStats(new URLSearchParams(query), controller.signal).then(
      (answer) => {
        setLoad(
          answer.ok
            ? { state: 'ready', report: answer.data }
            : { state: 'failed', message: answer.message, ...(answer.errors && { errors: answer.errors }) },
        );
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [query]);

  function show(event: FormEvent) {
    event.preventDefault();
    if (draft.from === period.from && draft.to === period.to) return;
    setLoad({ state: 'loading' });
    setPeriod(draft);
  }

  const errors = load.state === 'failed' ? load.errors : undefined;
  const field = (name: 'from' | 'to', label: string) => (
    <div className="desk-form__group">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {errors?.[name] && (
        <p id={`${id}-${name}-error`} className="field-error">
          <span className="visually-hidden">Error: </span>
          {errors[name]}
        </p>
      )}
      <input
        id={`${id}-${name}`}
        type="date"
        className="text-input"
        value={draft[name]}
        max={today}
        required
        aria-invalid={errors?.[name] ? true : undefined}
        aria-describedby={errors?.[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </div>
  );

  return (
    <section className="desk-pipeline" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Pipeline: what became of the enquiries</h3>
      <form className="desk-pipeline__period" onSubmit={show} noValidate>
        {field('from', 'Received from')}
        {field('to', 'to')}
        <button type="submit" className="button">
          Show
        </button>
        <a className="button button--ghost" href={`${ADMIN_API.pipelineStatsCsv}?${query}`} download>
          Download CSV
        </a>
      </form>
      {load.state === 'loading' && <p role="status">Loading...</p>}
      {load.state === 'failed' && (
        <p className="desk-notice desk-notice--error" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && <Report report={load.report} />}
    </section>
  );
}

function Report({ report }: { report: PipelineReport }) {
  const { total } = report;
  return (
    <>
      <p>
        Enquiries received from {formatIsoDate(report.from)} to {formatIsoDate(report.to)}, India time, and what has become of them since.
        First responses are counted in working time
        {report.targetMinutes === null ? '' : `, against a target of ${workingTime(report.targetMinutes)}`}, to the first recorded contact
        (a call or WhatsApp message from the desk, or a note marked as a contact); a change of status alone is none. An enquiry’s amount
        asked is counted once however many lenders it went to (its largest application).
      </p>
      <ul className="desk-figures">
        <li>
          <strong>{number(total.enquiries)}</strong> enquiries received
        </li>
        <li>
          <strong>{workingTime(total.firstResponse.medianMinutes)}</strong> median first response (
          {workingTime(total.firstResponse.p90Minutes)} for 9 in 10; {number(total.firstResponse.answered)} answered)
        </li>
        <li>
          <strong>{share(total)}</strong> answered within the target
        </li>
        <li>
          <strong>{number(total.asked.count)}</strong> enquiries sent to lenders, asking <strong>{rupees(total.asked)}</strong> in all
        </li>
        <li>
          <strong>{number(total.submitted.count)}</strong> applications submitted
        </li>
        <li>
          <strong>{number(total.sanctioned.count)}</strong> sanctioned, <strong>{rupees(total.sanctioned)}</strong>, in a median of{' '}
          {days(total.medianDaysToSanction)} from the enquiry
        </li>
        <li>
          <strong>{number(total.disbursed.count)}</strong> disbursed, <strong>{rupees(total.disbursed)}</strong>
        </li>
      </ul>
      <div className="desk-dashboard__pair">
        <ReasonTable caption="Applications rejected, by the lender’s reason" rows={total.rejections} />
        <ReasonTable caption="Enquiries closed, by reason" rows={total.losses} />
      </div>
      <Breakdown caption="Per advisor" name="Advisor" rows={report.advisors} />
      <Breakdown caption="Per source page" name="Page" rows={report.sources} />
      <Breakdown caption="Per campaign (utm_campaign)" name="Campaign" rows={report.campaigns} />
    </>
  );
}

function ReasonTable({ caption, rows }: { caption: string; rows: ReasonCount[] }) {
  return (
    <div className="desk-table" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Reason</th>
            <th scope="col">How many</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={2}>None.</td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.reason}>
              <th scope="row">{row.reason}</th>
              <td>{number(row.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
