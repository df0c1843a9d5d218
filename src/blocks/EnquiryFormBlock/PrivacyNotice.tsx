import { Link } from 'react-router-dom';
import { useSiteData } from '../../shell/SiteDataContext';
import { fillParts } from '../../shell/fillParts';
import { useLanguage } from '../../shell/useLanguage';
import { telHref } from '../../shell/contactLinks';

/**
 * The short notice every enquiry form carries above its consent box: it reads on its own,
 * names the person to contact and links to the full notice on /privacy.
 */
export function PrivacyNotice({ id }: { id: string }) {
  const { site } = useSiteData();
  const contact = site.privacyContact;
  const { words, local } = useLanguage();
  const { privacy } = words;
  return (
    <section className="privacy-notice" aria-labelledby={id}>
      <h3 id={id} className="privacy-notice__heading">
        {privacy.heading}
      </h3>
      {privacy.notice.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p>
        {fillParts(words.ui.forms.privacyQuestions, {
          contact: (
            <>
              {contact.name}, <a href={`mailto:${contact.email}`}>{contact.email}</a>, <a href={telHref(contact.phone)}>{contact.phone}</a>
            </>
          ),
        })}{' '}
        <Link to={local('/privacy')}>{words.ui.forms.privacyLink}</Link>.
      </p>
    </section>
  );
}
