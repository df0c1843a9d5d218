import { Clock, Mail, Phone, UserRound } from 'lucide-react';
import { telHref } from '../../shell/contactLinks';
import './ContactDetails.css';

const iconProps = { 'aria-hidden': true, focusable: false, className: 'contact-details__icon' } as const;

/** A named person who answers for the firm: their role, e-mail, phone and the promised answer time. */
export function ContactDetails({
  name,
  role,
  email,
  phone,
  answer,
}: {
  name: string;
  role: string;
  email: string;
  phone: string;
  answer: string;
}) {
  return (
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
        <span>{answer}</span>
      </p>
    </address>
  );
}
