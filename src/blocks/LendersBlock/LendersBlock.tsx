import type { BlockOf } from '../../content/blockTypes';
import { useSiteData } from '../../shell/SiteDataContext';
import { Section } from '../shared/Section';
import './LendersBlock.css';

/**
 * The lenders the firm has agreements with, from the site file, banks first. Nothing at all
 * while the list is empty: a page never claims agreements the firm has not signed.
 */
export function LendersBlock({ block }: { block: BlockOf<'lenders'> }) {
  const { site, words } = useSiteData();
  const blocks = words.ui.blocks;
  const lenders = site.lenders ?? [];
  if (lenders.length === 0) return null;
  const groups = [
    { heading: blocks.lendersBanks, names: lenders.filter((lender) => lender.kind === 'bank').map((lender) => lender.name) },
    { heading: blocks.lendersNbfcs, names: lenders.filter((lender) => lender.kind === 'nbfc').map((lender) => lender.name) },
  ].filter((group) => group.names.length > 0);
  return (
    <Section heading={blocks.lendersHeading} className="lenders">
      {block.intro && <p className="block__intro">{block.intro}</p>}
      <div className="lenders__groups">
        {groups.map((group) => (
          <div key={group.heading}>
            <h3>{group.heading}</h3>
            <ul>
              {group.names.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  );
}
