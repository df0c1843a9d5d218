import type { BlockOf } from '../../content/blockTypes';
import { fill } from '../../shared/languages';
import { fillParts } from '../../shell/fillParts';
import { useSiteData } from '../../shell/SiteDataContext';
import { Section } from '../shared/Section';
import './GovernmentRouteBlock.css';

/**
 * What a private adviser owes a visitor on a scheme or registration page: that the firm is not
 * the government or its agent, where the official portal is and what applying there costs,
 * and what the firm's own fee pays for. The first sentence is the same on every such page.
 */
export function GovernmentRouteBlock({ block }: { block: BlockOf<'government-route'> }) {
  const { site, words } = useSiteData();
  const blocks = words.ui.blocks;
  return (
    <Section heading={block.heading} className="government-route">
      <div className="government-route__panel">
        <p className="government-route__firm">{fill(blocks.governmentRouteFirm, { firm: site.name })}</p>
        <p>
          {fillParts(blocks.governmentRoutePortal, { portal: <a href={block.portal.url}>{block.portal.title}</a> })} {block.yourself}
        </p>
        <p>{block.fee}</p>
      </div>
    </Section>
  );
}
