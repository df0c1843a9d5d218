import type { BlockOf } from '../../content/blockTypes';
import type { FeeRange } from '../../content/site.generated';
import { formatWholeRupees } from '../../lib/formatRupees';
import { fill } from '../../shared/languages';
import { useSiteData } from '../../shell/SiteDataContext';
import { Section } from '../shared/Section';
// The same table as the table block, so the two read alike.
import '../TableBlock/TableBlock.css';
import './FeesBlock.css';

const ROWS = ['consultancy', 'registration', 'loans'] as const;

/**
 * How the firm is paid, kind of service by kind of service: the page says what each fee pays
 * for, the site file what it is (the firm's own figures), and for loans whether lenders pay
 * the firm too, so a visitor knows before the first call.
 */
export function FeesBlock({ block }: { block: BlockOf<'fees'> }) {
  const { site, words } = useSiteData();
  const blocks = words.ui.blocks;
  const range = (fee: FeeRange) => fill(blocks.feeRange, { from: formatWholeRupees(fee.from), to: formatWholeRupees(fee.to) });
  const amount = (row: (typeof ROWS)[number]) => {
    if (row !== 'loans') return range(site.fees[row]);
    const { borrowerFee, lenderPays } = site.fees.loans;
    return (
      <>
        {borrowerFee ? range(borrowerFee) : blocks.feeNone}
        <span className="fees-block__lender">{lenderPays ? blocks.feeLenderPays : blocks.feeLenderPaysNot}</span>
      </>
    );
  };
  return (
    <Section heading={block.heading} className="table-block fees-block">
      {/* Focusable so keyboard users can scroll the table sideways on a phone. */}
      <div className="table-block__scroll" role="region" aria-label={block.caption} tabIndex={0}>
        <table className="table-block__table">
          <caption>{block.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{blocks.feesService}</th>
              <th scope="col">{blocks.feesAmount}</th>
              <th scope="col">{blocks.feesPaysFor}</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row}>
                <th scope="row">{block[row].service}</th>
                <td>{amount(row)}</td>
                <td>{block[row].paysFor}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
