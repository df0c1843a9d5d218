import type { BlockOf } from '../../content/blockTypes';
import { fill } from '../../shared/languages';
import { telHref } from '../../shell/contactLinks';
import { fillParts } from '../../shell/fillParts';
import { useSiteData } from '../../shell/SiteDataContext';
import { ContactDetails } from '../shared/ContactDetails';
import { Section } from '../shared/Section';
import './GrievanceContactBlock.css';

/** The RBI's complaint portal and helpline for a complaint about a bank or an NBFC (Integrated Ombudsman Scheme, 2026). */
export const RBI_OMBUDSMAN = { portal: 'https://cms.rbi.org.in', phone: '14448' } as const;
/** Where a complaint about a housing finance company goes instead: the National Housing Bank's GRIDS, outside the RBI's scheme. */
export const NHB_GRIDS = 'https://grids.nhbonline.org.in';

/**
 * Who answers complaints about the firm's service and within how many days, from the site
 * file, and where a complaint about a lender goes next: the lender first, then the RBI's Ombudsman,
 * or for a housing finance company, which the RBI's scheme leaves out, the National Housing Bank.
 */
export function GrievanceContactBlock({ block }: { block: BlockOf<'grievance-contact'> }) {
  const { site, words } = useSiteData();
  const { name, email, phone, responseDays } = site.grievanceContact;
  const blocks = words.ui.blocks;
  return (
    <Section heading={block.heading ?? blocks.grievanceHeading} className="grievance-contact">
      <ContactDetails
        name={name}
        role={blocks.grievanceRole}
        email={email}
        phone={phone}
        answer={fill(blocks.grievanceAnswer, { days: String(responseDays) })}
      />
      <p className="grievance-contact__next">
        {fillParts(blocks.grievanceEscalation, {
          portal: <a href={RBI_OMBUDSMAN.portal}>cms.rbi.org.in</a>,
          phone: <a href={telHref(RBI_OMBUDSMAN.phone)}>{RBI_OMBUDSMAN.phone}</a>,
        })}
      </p>
      <p className="grievance-contact__next">
        {fillParts(blocks.grievanceCoverage, { nhb: <a href={NHB_GRIDS}>grids.nhbonline.org.in</a> })}
      </p>
    </Section>
  );
}
