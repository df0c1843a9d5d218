import { forwardRef, useId } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BlockOf } from '../../content/blockTypes';
import { formatIsoDate } from '../../shared/formatDate';
import { advisorSummary, type Answers, type Outcome } from './assess';
import { fillParts } from '../../shell/fillParts';
import { useLanguage } from '../../shell/useLanguage';

interface Props {
  block: BlockOf<'eligibility'>;
  answers: Answers;
  outcome: Outcome;
  /** The page the checker is on, recorded as the enquiry's source. */
  route: string;
}

/**
 * The verdict in plain words, every unmet rule with its reason, the figures and what to
 * bring for an eligible visitor, where the rules come from, and a way to hand it all to an advisor.
 */
export const EligibilityResult = forwardRef<HTMLHeadingElement, Props>(function EligibilityResult(
  { block, answers, outcome, route },
  heading,
) {
  const navigate = useNavigate();
  const { words, local } = useLanguage();
  const { eligibility, common } = words.ui;
  const summaryWords = { ...eligibility, yes: common.yes, no: common.no };
  const verdictId = useId();
  const sendToAdvisor = () =>
    void navigate(`${local('/contactus')}?from=${encodeURIComponent(route)}`, {
      state: { prefill: { enquiry: block.advisor.enquiry, message: advisorSummary(block, answers, outcome, route, summaryWords) } },
    });
  return (
    <section className={`eligibility__result eligibility__result--${outcome.eligible ? 'yes' : 'no'}`} aria-labelledby={verdictId}>
      <h3 id={verdictId} ref={heading} tabIndex={-1}>
        {outcome.eligible ? eligibility.eligible : eligibility.notEligible}
      </h3>
      {outcome.eligible ? (
        <>
          <dl className="eligibility__figures">
            {outcome.figures.map((figure) => (
              <div key={figure.id}>
                <dt>{figure.label}</dt>
                <dd>{figure.text}</dd>
              </div>
            ))}
          </dl>
          {outcome.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
          <h4>{eligibility.bring}</h4>
          <ul>
            {block.documents.map((document) => (
              <li key={document}>{document}</li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p>{eligibility.why}</p>
          <ul>
            {outcome.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <p>{eligibility.other}</p>
        </>
      )}
      <p className="eligibility__source">
        {fillParts(eligibility.rulesFrom, {
          source: (
            <a href={block.source.url} rel="noopener noreferrer" target="_blank">
              {block.source.title}
              <span className="visually-hidden"> {common.newTab}</span>
            </a>
          ),
          date: <time dateTime={block.source.checked}>{formatIsoDate(block.source.checked, words.ui.shell.months)}</time>,
        })}
      </p>
      <p className="eligibility__disclaimer">{block.disclaimer}</p>
      <button type="button" className="button button--cta" onClick={sendToAdvisor}>
        {eligibility.sendToAdvisor}
      </button>
    </section>
  );
});
