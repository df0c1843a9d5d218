import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { useSiteData } from '../../shell/SiteDataContext';
import type { BlockOf } from '../../content/blockTypes';
import { addressLines, telHref, whatsappHref } from '../../shell/contactLinks';
import { formatOpeningHours } from './formatOpeningHours';
import { Section } from '../shared/Section';
import { useLanguage } from '../../shell/useLanguage';
import '../shared/ContactDetails.css';

const iconProps = { 'aria-hidden': true, focusable: false, className: 'contact-details__icon' } as const;

/** The office's address and contact details, all from the site file. */
export function OfficeBlock({ block }: { block: BlockOf<'office'> }) {
  const { site } = useSiteData();
  const words = useLanguage().words.ui;
  return (
    <Section heading={block.heading ?? words.blocks.officeHeading} className="office">
      {block.text && <p className="block__intro">{block.text}</p>}
      <address className="contact-details">
        <p className="contact-details__row">
          <MapPin {...iconProps} />
          <span>
            {site.name}
            {addressLines(site).map((line) => (
              <span key={line} className="contact-details__line">
                {line}
              </span>
            ))}
          </span>
        </p>
        <p className="contact-details__row">
          <Phone {...iconProps} />
          <a href={telHref(site.phone)}>{site.phone}</a>
        </p>
        <p className="contact-details__row">
          <Mail {...iconProps} />
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </p>
        <p className="contact-details__row">
          <MessageCircle {...iconProps} />
          <a href={whatsappHref(site)} rel="noopener noreferrer" target="_blank">
            {words.blocks.officeWhatsapp}
            <span className="visually-hidden"> {words.common.newTab}</span>
          </a>
        </p>
        {site.openingHours?.map((hours, index) => (
          <p key={index} className="contact-details__row">
            <Clock {...iconProps} />
            <span>{formatOpeningHours(hours, words.blocks)}</span>
          </p>
        ))}
      </address>
    </Section>
  );
}
