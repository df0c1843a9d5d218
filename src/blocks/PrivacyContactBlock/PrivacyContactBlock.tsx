import { useSiteData } from '../../shell/SiteDataContext';
import { fill } from '../../shared/languages';
import { useLanguage } from '../../shell/useLanguage';
import type { BlockOf } from '../../content/blockTypes';
import { ContactDetails } from '../shared/ContactDetails';
import { Section } from '../shared/Section';

/** The person who answers for visitors' personal data, and the promised answer time, both from the content files. */
export function PrivacyContactBlock({ block }: { block: BlockOf<'privacy-contact'> }) {
  const { site } = useSiteData();
  const { words } = useLanguage();
  return (
    <Section heading={block.heading ?? words.ui.blocks.privacyContactHeading} className="privacy-contact">
      <ContactDetails
        {...site.privacyContact}
        role={words.privacyContactRole}
        answer={fill(words.ui.blocks.privacyAnswer, { days: String(words.privacy.responseDays) })}
      />
    </Section>
  );
}
