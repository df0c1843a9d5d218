import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useSiteData } from '../SiteDataContext';
import { addressLines, telHref } from '../contactLinks';
import { FloatingButtons } from '../FloatingButtons/FloatingButtons';
import { useLanguage } from '../useLanguage';
import './SiteFooter.css';

const iconProps = { 'aria-hidden': true, focusable: false, className: 'site-footer__icon' } as const;

export function SiteFooter() {
  const { site } = useSiteData();
  const { words, local } = useLanguage();
  const { shell } = words.ui;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__name">{site.name}</p>
          {words.tagline && <p className="site-footer__tagline">{words.tagline}</p>}
        </div>
        <nav aria-label={shell.footerNav}>
          <h2 className="site-footer__heading">{shell.quickLinks}</h2>
          <ul className="site-footer__links">
            {words.footer.links.map((link) => (
              <li key={link.to + link.label}>
                <Link to={local(link.to)}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">{shell.getInTouch}</h2>
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
