import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import site from 'virtual:content/site';
import { addressLines, telHref } from '../contactLinks';
import { FloatingButtons } from '../FloatingButtons/FloatingButtons';
import './SiteFooter.css';

const iconProps = { 'aria-hidden': true, focusable: false, className: 'site-footer__icon' } as const;

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__name">{site.name}</p>
          {site.tagline && <p className="site-footer__tagline">{site.tagline}</p>}
        </div>
        <nav aria-label="Footer">
          <h2 className="site-footer__heading">Quick links</h2>
          <ul className="site-footer__links">
            {site.footer.links.map((link) => (
              <li key={link.to + link.label}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">Get in touch</h2>
          <address className="site-footer__contact">
            <p>
              <Phone {...iconProps} />
              <a href={telHref(site.phone)}>{site.phone}</a>
            </p>
            <p>
              <Mail {...iconProps} />
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </p>
            <p>
              <MapPin {...iconProps} />
              <span>
                {addressLines(site).map((line) => (
                  <span key={line} className="site-footer__line">
                    {line}
                  </span>
                ))}
              </span>
            </p>
          </address>
        </div>
      </div>
      {/* Fixed to the corners of the screen, but inside the footer landmark for screen readers. */}
      <FloatingButtons />
    </footer>
  );
}
