import type { WeekCount } from '../../shared/deskStats';
import { formatIsoDate } from '../../shared/formatDate';

const WIDTH = 640;
const HEIGHT = 200;
const AXIS = 24;

/**
 * Enquiries per week as stacked bars (contact below, About page above). The table beside
 * it carries the same figures as text, so the drawing is described once, in summary.
 */
export function WeeklyChart({ weeks }: { weeks: WeekCount[] }) {
  const totals = weeks.map((week) => week.byForm.contact + week.byForm.about);
  const top = Math.max(1, ...totals);
  const slot = (WIDTH - AXIS) / weeks.length;
  const scale = (count: number) => (count / top) * (HEIGHT - AXIS);
  const sum = totals.reduce((a, b) => a + b, 0);
  const summary = `Bar chart of enquiries per week over ${weeks.length} weeks: ${sum} in all, at most ${top} in one week. The table that follows gives each week's figures.`;
  return (
    <figure className="weekly-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="none">
        <line x1={AXIS} y1={HEIGHT - AXIS} x2={WIDTH} y2={HEIGHT - AXIS} className="weekly-chart__axis" />
        <text x={AXIS - 4} y={12} textAnchor="end" className="weekly-chart__label">
          {top}
        </text>
        {weeks.map((week, index) => {
          const x = AXIS + index * slot + slot * 0.15;
          const width = slot * 0.7;
          const contact = scale(week.byForm.contact);
          const about = scale(week.byForm.about);
          return (
            <g key={week.weekOf}>
              <rect x={x} y={HEIGHT - AXIS - contact} width={width} height={contact} className="weekly-chart__contact" />
              <rect x={x} y={HEIGHT - AXIS - contact - about} width={width} height={about} className="weekly-chart__about" />
              {index % 2 === 0 && (
                <text x={x + width / 2} y={HEIGHT - 6} textAnchor="middle" className="weekly-chart__label">
                  {formatIsoDate(week.weekOf).replace(/ \d{4}$/, '')}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="weekly-chart__legend">
        <span>
          <span className="weekly-chart__swatch weekly-chart__swatch--contact" aria-hidden="true" /> Contact Us
        </span>
        <span>
          <span className="weekly-chart__swatch weekly-chart__swatch--about" aria-hidden="true" /> About page
        </span>
      </figcaption>
    </figure>
  );
}
