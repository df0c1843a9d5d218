import type { InterfaceWords } from '../../shared/languages';
import { fill } from '../../shared/languages';
import { formatRupees } from '../../lib/formatRupees';

const RADIUS = 54;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A donut of principal against total interest; the legend beside it carries the figures as text. */
export function EmiChart({ principal, interest, words }: { principal: number; interest: number; words: InterfaceWords['emi'] }) {
  const total = principal + interest;
  const principalShare = total > 0 ? principal / total : 1;
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  const description = fill(words.chart, {
    principal: formatRupees(principal),
    principalShare: percent(principalShare),
    interest: formatRupees(interest),
    interestShare: percent(1 - principalShare),
  });
  return (
    <figure className="emi-chart">
      <svg className="emi-chart__donut" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label={description}>
        <circle cx="80" cy="80" r={RADIUS} className="emi-chart__interest" />
        <circle
          cx="80"
          cy="80"
          r={RADIUS}
          className="emi-chart__principal"
          strokeDasharray={`${(principalShare * CIRCUMFERENCE).toFixed(2)} ${CIRCUMFERENCE.toFixed(2)}`}
          transform="rotate(-90 80 80)"
        />
      </svg>
      <figcaption className="emi-chart__legend">
        <span className="emi-chart__key">
          <span className="emi-chart__swatch emi-chart__swatch--principal" aria-hidden="true" />
          {fill(words.principalShare, { share: percent(principalShare) })}
        </span>
        <span className="emi-chart__key">
          <span className="emi-chart__swatch emi-chart__swatch--interest" aria-hidden="true" />
          {fill(words.interestShare, { share: percent(1 - principalShare) })}
        </span>
      </figcaption>
    </figure>
  );
}
