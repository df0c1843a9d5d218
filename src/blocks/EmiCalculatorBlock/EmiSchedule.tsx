import { useId, useState } from 'react';
import type { InterfaceWords } from '../../shared/languages';
import type { ScheduleYear } from '../../lib/emi/emi';
import { formatPaise } from '../../lib/formatRupees';

/** The year-by-year amortisation table behind a disclosure button. */
export function EmiSchedule({ rows, words }: { rows: ScheduleYear[]; words: InterfaceWords['emi'] }) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <div className="emi-schedule">
      <button type="button" className="button button--ghost" aria-expanded={open} aria-controls={tableId} onClick={() => setOpen(!open)}>
        {open ? words.hideSchedule : words.showSchedule}
      </button>
      <div id={tableId} className="emi-schedule__scroll" hidden={!open} role="region" aria-label={words.scheduleCaption} tabIndex={0}>
        <table className="emi-schedule__table">
          <caption>{words.scheduleCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{words.year}</th>
              <th scope="col">{words.principalPaid}</th>
              <th scope="col">{words.interestPaid}</th>
              <th scope="col">{words.closingBalance}</th>
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
