import { Clock, Mail, Phone, UserRound } from 'lucide-react';
import privacy from 'virtual:content/privacy';
import site from 'virtual:content/site';
import type { PrivacyContact } from '../../content/page.generated';
import { telHref } from '../../shell/contactLinks';
import { Section } from '../shared/Section';
import '../shared/ContactDetails.css';

const iconProps = { 'aria-hidden': true, focusable: false, className: 'contact-details__icon' } as const;

/** The person who answers for visitors' personal data, and the promised answer time, both from the content files. */
export function PrivacyContactBlock({ block }: { block: PrivacyContact }) {
  const { name, role, email, phone } = site.privacyContact;
  return (
    <Section heading={block.heading ?? 'Who to contact about your details'} className="privacy-contact">
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
          <span>We answer every request and complaint about your details within {privacy.responseDays} days of receiving it.</span>
        </p>
      </address>
    </Section>
  );
}
