import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { STATUS_PATH } from '../../shared/enquiryStatus';
import { useSiteData } from '../../shell/SiteDataContext';
import { checkSubmission, formIn } from '../../shared/forms/checkSubmission';
import { LANGUAGE_FIELD, type FieldSchema } from '../../shared/forms/formSchemas';
import { fillParts } from '../../shell/fillParts';
import { useLanguage } from '../../shell/useLanguage';
import { telHref, whatsappHref } from '../../shell/contactLinks';
import { ErrorSummary } from '../shared/ErrorSummary';
import { FormField } from './FormField';
import { loadValidator, type CheckedInBrowser } from './loadValidator';
import { prefilled } from './prefill';
import { submitEnquiry } from './submitEnquiry';
import { originFields } from '../../visits/visitOrigin';

type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string; reference?: string } | { kind: 'failed'; message: string };
const ROUTE = /^\/[A-Za-z0-9_/-]{0,99}$/;

/**
 * One of the site's forms, drawn from its schema. Errors follow the GOV.UK Design
 * System pattern: a summary at the top that takes focus and links to each field, and a
 * message beside each field. Nothing typed is lost when sending fails.
 */
export function EnquiryForm({ kind }: { kind: CheckedInBrowser }) {
  const { site, siteLanguages } = useSiteData();
  const { code, words } = useLanguage();
  const schema = formIn(kind, words);
  const formWords = words.ui.forms;
  const fields = Object.entries<FieldSchema>(schema.properties).filter(([, field]) => field['x-input'] !== 'hidden');
  const blank = () => Object.fromEntries(fields.map(([name]) => [name, '']));
  const location = useLocation();
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...blank(), ...prefilled(fields, location.state) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [summaryShown, setSummaryShown] = useState(0);
  const [searchParams] = useSearchParams();
  const sending = useRef(false);
  const formId = useId();
  const idOf = (name: string) => `${formId}-${name}`;

  function payload(): Record<string, string | boolean> {
    const from = searchParams.get('from');
    const answers = Object.fromEntries(
      fields.flatMap(([name, field]): [string, string | boolean][] => {
        const options = field['x-options'];
        const answer = values[name]!;
        // An unticked consent box is left out, so it reads as not answered, like an empty field.
        if (field['x-input'] === 'consent') return answer === 'true' ? [[name, true]] : [];
        // A select holds the chosen option's position, since two options send the same value.
        return [[name, options && answer !== '' ? (options[Number(answer)]?.value ?? '') : answer]];
      }),
    );
    // The campaign and referring site of this visit, for the forms that keep them with the enquiry.
    const origin = Object.fromEntries(Object.entries(originFields()).filter(([name]) => name in schema.properties));
    const withLanguage = { ...answers, ...origin, [LANGUAGE_FIELD]: code };
    return from && ROUTE.test(from) && 'sourcePage' in schema.properties ? { ...withLanguage, sourcePage: from } : withLanguage;
  }

  function showErrors(found: Record<string, string>) {
    setErrors(found);
    setSummaryShown((count) => count + 1);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const body = payload();
    sending.current = true;
    // Without its checks (a dropped connection), the form still goes: the server checks it the same way.
    const validate = await loadValidator(kind).catch(() => undefined);
    // The page's own language is the one it can check in; the server knows them all.
    const languages = { source: siteLanguages.source, words: (language: string) => (language === code ? words : undefined) };
    const check = validate ? checkSubmission(kind, body, validate, languages) : undefined;
    if (check && !check.ok) {
      sending.current = false;
      return showErrors(check.errors);
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    const outcome = await submitEnquiry(schema['x-endpoint'], body, formWords);
    sending.current = false;
    if (outcome.kind === 'sent') {
      setValues(blank());
      setStatus({ kind: 'sent', message: outcome.message, ...(outcome.reference !== undefined && { reference: outcome.reference }) });
    } else if (outcome.kind === 'invalid') {
      setStatus({ kind: 'idle' });
      showErrors(outcome.errors);
    } else {
      setStatus({ kind: 'failed', message: outcome.message });
    }
  }

  // In the order of the fields on the form, as the GOV.UK pattern asks.
  const errorList = fields.flatMap(([name]) => (errors[name] ? [[name, errors[name]] as const] : []));

  return (
    <form className="enquiry-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={`${formId}-required`}>
      <ErrorSummary errors={errorList.map(([name, message]) => ({ id: idOf(name), message }))} shown={summaryShown} />
      <p id={`${formId}-required`} className="enquiry-form__note">
        {formWords.requiredNote}
      </p>
      {fields.map(([name, field]) => (
        <FormField
          key={name}
          id={idOf(name)}
          name={name}
          field={field}
          required={schema.required.includes(name)}
          value={values[name]!}
          error={errors[name]}
          onChange={(value) => {
            // Fetch the form's checks while the visitor types, so sending does not wait for them.
            void loadValidator(kind).catch(() => undefined);
            setValues((current) => ({ ...current, [name]: value }));
          }}
        />
      ))}
      <button type="submit" className="button button--cta enquiry-form__submit" disabled={status.kind === 'sending'}>
        {status.kind === 'sending' ? formWords.sending : schema['x-submit']}
      </button>
      <div role="alert" className="enquiry-form__status">
        {status.kind === 'sent' && (
          <div className="enquiry-form__success" ref={(element) => element?.scrollIntoView({ block: 'nearest' })}>
            <p>{status.message}</p>
            {status.reference !== undefined && (
              <p>
                {fillParts(formWords.reference, { reference: <strong className="enquiry-form__reference">{status.reference}</strong> })}
              </p>
            )}
            {status.reference !== undefined && (
              <p>
                <Link to={siteLanguages.localPath(code, STATUS_PATH)}>{formWords.statusLink}</Link>
              </p>
            )}
          </div>
        )}
        {status.kind === 'failed' && (
          <div className="enquiry-form__failure">
            <p>{status.message}</p>
            <p>
              {fillParts(formWords.failureHelp, {
                phone: <a href={telHref(site.phone)}>{site.phone}</a>,
                whatsapp: (
                  <a href={whatsappHref(site)} target="_blank" rel="noopener noreferrer">
                    {formWords.whatsapp}
                    <span className="visually-hidden"> {words.ui.common.newTab}</span>
                  </a>
                ),
              })}
            </p>
          </div>
        )}
      </div>
    </form>
  );
}
