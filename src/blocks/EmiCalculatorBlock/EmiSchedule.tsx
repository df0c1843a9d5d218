import { useId, useState } from 'react';
import type { ScheduleYear } from '../../lib/emi/emi';
import { formatPaise } from '../../lib/formatRupees';

/** The year-by-year amortisation table behind a disclosure button. */
export function EmiSchedule({ rows }: { rows: ScheduleYear[] }) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <div className="emi-schedule">
      <button type="button" className="button button--ghost" aria-expanded={open} aria-controls={tableId} onClick={() => setOpen(!open)}>
        {open ? 'Hide' : 'Show'} year-by-year schedule
      </button>
      <div
        id={tableId}
        className="emi-schedule__scroll"
        hidden={!open}
        role="region"
        aria-label="Year-by-year repayment schedule"
        tabIndex={0}
      >
        <table className="emi-schedule__table">
          <caption>Year-by-year repayment schedule</caption>
          <thead>
            <tr>
              <th scope="col">Year</th>
              <th scope="col">Principal paid</th>
              <th scope="col">Interest paid</th>
              <th scope="col">Closing balance</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.year}>
                <th scope="row">{row.year}</th>
                <td>{formatPaise(row.principalPaise)}</td>
                <td>{formatPaise(row.interestPaise)}</td>
                <td>{formatPaise(row.closingBalancePaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
