import { useId } from 'react';
import { useSiteData } from '../../shell/SiteDataContext';
import { useLanguage } from '../../shell/useLanguage';
import { fillParts } from '../../shell/fillParts';
import { telHref } from '../../shell/contactLinks';
import { STATUS_STAGES, type StatusAnswer } from '../../shared/enquiryStatus';
import { fill } from '../../shared/languages';
import { formatIsoDate } from '../../shared/formatDate';

/** The stages an enquiry passes through on its way to a decision; closed shows only for one that was closed. */
const PATH = STATUS_STAGES.filter((stage) => stage !== 'closed');

/** Where one enquiry stands: its stage among the others, its advisor, the documents asked for, what happens next, and how to reach the firm. */
export function StatusResult({ answer, success }: { answer: StatusAnswer; success: string }) {
  const { site } = useSiteData();
  const { words } = useLanguage();
  const text = words.ui.status;
  const stage = text.stages[answer.stage];
  const shown = answer.stage === 'closed' ? [...PATH.slice(0, 1), 'closed' as const] : PATH;
  const id = useId();
  return (
    <section className="status-result" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} tabIndex={-1} ref={(element) => element?.focus()}>
        {fill(text.heading, { reference: answer.reference })}
      </h3>
      <p>
        {success} {fill(text.receivedOn, { date: formatIsoDate(answer.receivedOn, words.ui.shell.months) })}
      </p>
      <ol className="status-result__stages" aria-label={text.stagesLabel}>
        {shown.map((step) => (
          <li
            key={step}
            aria-current={step === answer.stage ? 'step' : undefined}
            className={shown.indexOf(step) < shown.indexOf(answer.stage) ? 'status-result__done' : undefined}
          >
            {text.stages[step].step}
          </li>
        ))}
      </ol>
      <h4>{text.stageHeading}</h4>
      <p className="status-result__stage">{stage.label}</p>
      {answer.advisor && <p>{fill(text.advisor, { name: answer.advisor })}</p>}
      {answer.documents && (
        <>
          <h4>{text.documentsHeading}</h4>
          <ul className="status-result__documents">
            {answer.documents.map((document, index) => (
              <li key={index}>
                {document.label}: <strong>{document.received ? text.documentReceived : text.documentWaiting}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
      <h4>{text.nextHeading}</h4>
      <p>{stage.next}</p>
      <h4>{text.contactHeading}</h4>
      <p>
        {fillParts(text.contact, {
          phone: <a href={telHref(site.phone)}>{site.phone}</a>,
          email: <a href={`mailto:${site.email}`}>{site.email}</a>,
          reference: <strong>{answer.reference}</strong>,
        })}
      </p>
    </section>
  );
}
