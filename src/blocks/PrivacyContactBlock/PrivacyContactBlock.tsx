import { Clock, Mail, Phone, UserRound } from 'lucide-react';
import { useSiteData } from '../../shell/SiteDataContext';
import { fill } from '../../shared/languages';
import { useLanguage } from '../../shell/useLanguage';
import type { BlockOf } from '../../content/blockTypes';
import { telHref } from '../../shell/contactLinks';
import { Section } from '../shared/Section';
import '../shared/ContactDetails.css';

const iconProps = { 'aria-hidden': true, focusable: false, className: 'contact-details__icon' } as const;

/** The person who answers for visitors' personal data, and the promised answer time, both from the content files. */
export function PrivacyContactBlock({ block }: { block: BlockOf<'privacy-contact'> }) {
  const { site } = useSiteData();
  const { name, email, phone } = site.privacyContact;
  const { words } = useLanguage();
  const role = words.privacyContactRole;
  return (
    <Section heading={block.heading ?? words.ui.blocks.privacyContactHeading} className="privacy-contact">
      <address className="contact-details">
        <p className="contact-details__row">
          <UserRound {...iconProps} />
          <span>
            {name}
            <span className="contact-details__line">{role}</span>
          </span>
        </p>
        <p className="contact-details__row">
          <Mail {...iconProps} />
          <a href={`mailto:${email}`}>{email}</a>
        </p>
        <p className="contact-details__row">
          <Phone {...iconProps} />
          <a href={telHref(phone)}>{phone}</a>
        </p>
        <p className="contact-details__row">
          <Clock {...iconProps} />
          <span>{fill(words.ui.blocks.privacyAnswer, { days: String(words.privacy.responseDays) })}</span>
        </p>
      </address>
    </Section>
  );
}
