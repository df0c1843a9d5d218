import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLanguage } from '../../shell/useLanguage';
import { formIn } from '../../shared/forms/checkSubmission';
import { LANGUAGE_FIELD, type FieldSchema } from '../../shared/forms/formSchemas';
import { parseReference } from '../../shared/enquiryReference';
import type { StatusAnswer } from '../../shared/enquiryStatus';
import { ErrorSummary } from '../shared/ErrorSummary';
import { FormField } from '../EnquiryFormBlock/FormField';
import { StatusResult } from './StatusResult';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'found'; answer: StatusAnswer } | { kind: 'failed'; message: string };

/** The acknowledgement's link: the reference and its key after the #, e.g. #VF-7K3M-92QD.<22 characters>. */
const LINK_HASH = /^#([^.]{1,20})\.([A-Za-z0-9_-]{22})$/;

/**
 * Asks for a reference and a mobile number and shows where that enquiry stands. The link in the
 * acknowledgement e-mail carries the reference and a key after the #: the form sends them by itself
 * and takes them out of the address at once, so nothing of the enquiry stays in the address bar,
 * the history or a bookmark.
 */
export function StatusCheck() {
  const { code, words } = useLanguage();
  const schema = formIn('status', words);
  const formWords = words.ui.forms;
  const fields = Object.entries<FieldSchema>(schema.properties).filter(([, field]) => field['x-input'] !== 'hidden');
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map(([name]) => [name, ''])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [summaryShown, setSummaryShown] = useState(0);
  const sending = useRef(false);
  const formId = useId();
  const idOf = (name: string) => `${formId}-${name}`;

  async function ask(body: Record<string, string>) {
    if (sending.current) return;
    sending.current = true;
    setStatus({ kind: 'sending' });
    try {
      const response = await fetch(schema['x-endpoint'], {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...body, [LANGUAGE_FIELD]: code }),
      });
      const answer = (await response.json().catch(() => ({}))) as Partial<StatusAnswer> & {
        message?: string;
        errors?: Record<string, string>;
      };
      if (response.ok && answer.reference && answer.stage && answer.receivedOn) {
        setStatus({ kind: 'found', answer: answer as StatusAnswer });
      } else if (response.status === 400 && answer.errors && Object.keys(answer.errors).length > 0) {
        setStatus({ kind: 'idle' });
        showErrors(answer.errors);
      } else setStatus({ kind: 'failed', message: answer.message ?? `${formWords.notSent} ${formWords.unreachable}` });
    } catch {
      setStatus({ kind: 'failed', message: `${formWords.notSent} ${formWords.unreachable}` });
    } finally {
      sending.current = false;
    }
  }

  // Opened from the acknowledgement's link: read the #, take it out of the address, and ask.
  useEffect(() => {
    const match = LINK_HASH.exec(window.location.hash);
    if (!match) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    const reference = parseReference(decodeURIComponent(match[1]!));
    if (!reference) return;
    // After this render, as the answer of any other question would be.
    queueMicrotask(() => {
      setValues((current) => ({ ...current, reference }));
      void ask({ reference, key: match[2]! });
    });
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function showErrors(found: Record<string, string>) {
    setErrors(found);
    setSummaryShown((count) => count + 1);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
    // An empty field is named at once; the server checks what was typed, and its 400 lists any mistake in the same words.
    const missing = fields.filter(([name]) => !body[name]).map(([name, field]) => [name, field['x-messages'].required!] as const);
    if (missing.length > 0) return showErrors(Object.fromEntries(missing));
    setErrors({});
    await ask(body);
  }

  const errorList = fields.flatMap(([name]) => (errors[name] ? [[name, errors[name]] as const] : []));
  return (
    <>
      <form className="status-check__form" noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={`${formId}-required`}>
        <ErrorSummary errors={errorList.map(([name, message]) => ({ id: idOf(name), message }))} shown={summaryShown} />
        <p id={`${formId}-required`} className="status-check__note">
          {formWords.requiredNote}
        </p>
        {fields.map(([name, field]) => (
          <FormField
            key={name}
            id={idOf(name)}
            name={name}
            field={field}
            required
            value={values[name]!}
            error={errors[name]}
            onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
          />
        ))}
        <button type="submit" className="button button--cta" disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? formWords.sending : schema['x-submit']}
        </button>
      </form>
      <div role="alert" className="status-check__failure-region">
        {status.kind === 'failed' && <p className="status-check__failure">{status.message}</p>}
      </div>
      {status.kind === 'found' && <StatusResult answer={status.answer} success={schema['x-success']} />}
    </>
  );
}
