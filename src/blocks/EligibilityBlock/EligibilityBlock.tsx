import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { BlockOf } from '../../content/blockTypes';
import { ErrorSummary } from '../shared/ErrorSummary';
import { Section } from '../shared/Section';
import { useAnswersInAddress } from '../shared/useAnswersInAddress';
import { useHydrated } from '../shared/useHydrated';
import { answersFromQuery, askedAnswers, assess, isComplete, questionsAsked, readAnswer, type Answers } from './assess';
import { EligibilityResult } from './EligibilityResult';
import { QuestionField } from './QuestionField';
import './EligibilityBlock.css';
import { useLanguage } from '../../shell/useLanguage';

const ANNOUNCE_DELAY_MS = 700;

/**
 * A scheme's eligibility checker. A shared link opens with its answers and the result:
 * the address is read once the page has hydrated (the prerendered HTML shows the questions
 * unanswered), and the checker starts afresh from it.
 */
export default function EligibilityBlock({ block }: { block: BlockOf<'eligibility'> }) {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const linked = hydrated ? answersFromQuery(block, searchParams) : {};
  return <Checker key={Object.keys(linked).length ? 'from-link' : 'blank'} block={block} linked={linked} />;
}

function Checker({ block, linked }: { block: BlockOf<'eligibility'>; linked: Answers }) {
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    Object.fromEntries(block.questions.map((question) => [question.id, question.id in linked ? String(linked[question.id]) : ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summaryShown, setSummaryShown] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const { pathname } = useLocation();
  const changedByVisitor = useRef(false);
  const verdict = useRef<HTMLHeadingElement>(null);
  const formId = useId();
  const idOf = (question: string) => `${formId}-${question}`;

  const answers = useMemo(() => {
    const valid: Answers = {};
    for (const question of block.questions) {
      const answer = readAnswer(question, drafts[question.id]);
      if (answer !== undefined) valid[question.id] = answer;
    }
    return askedAnswers(block, valid);
  }, [block, drafts]);
  const asked = questionsAsked(block, answers);
  const outcome = useMemo(() => (isComplete(block, answers) ? assess(block, answers) : undefined), [block, answers]);

  const inAddress = useMemo(() => Object.fromEntries(block.questions.map(({ id }) => [id, answers[id]])), [answers, block]);
  useAnswersInAddress(inAddress, changedByVisitor);
  const words = useLanguage().words.ui.eligibility;

  useEffect(() => {
    if (!changedByVisitor.current) return;
    const timer = setTimeout(
      () => setAnnouncement(!outcome ? '' : outcome.eligible ? words.updatedEligible : words.updatedNotEligible),
      ANNOUNCE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [outcome, words]);

  function change(question: string, raw: string) {
    changedByVisitor.current = true;
    setDrafts((current) => ({ ...current, [question]: raw }));
    setErrors(({ [question]: _answered, ...rest }) => rest);
  }

  function check(event: FormEvent) {
    event.preventDefault();
    const missing = Object.fromEntries(asked.filter(({ id }) => !(id in answers)).map(({ id, error }) => [id, error]));
    setErrors(missing);
    if (Object.keys(missing).length > 0) setSummaryShown((count) => count + 1);
    else verdict.current?.focus();
  }

  return (
    <Section heading={block.heading} className="eligibility">
      {block.intro && <p className="block__intro">{block.intro}</p>}
      <form className="eligibility__form" noValidate onSubmit={check}>
        <ErrorSummary
          errors={asked.filter(({ id }) => errors[id]).map(({ id, label }) => ({ id: idOf(id), message: errors[id]!, label }))}
          shown={summaryShown}
        />
        {asked.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            id={idOf(question.id)}
            value={drafts[question.id]!}
            error={errors[question.id]}
            onChange={(raw) => change(question.id, raw)}
          />
        ))}
        <button type="submit" className="button">
          {words.check}
        </button>
      </form>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {outcome ? (
        <EligibilityResult ref={verdict} block={block} answers={answers} outcome={outcome} route={pathname} />
      ) : (
        <p className="eligibility__waiting">{words.waiting}</p>
      )}
    </Section>
  );
}
