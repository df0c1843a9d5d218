import type { Question } from '../../content/page.generated';
import type { BlockOf } from '../../content/blockTypes';
import { formatWholeRupees } from '../../lib/formatRupees';
import { evaluate, type Scope, type Value } from './expressions';

export type Answer = string | number;
export type Answers = Record<string, Answer>;

export interface Figure {
  id: string;
  label: string;
  text: string;
}

export interface Outcome {
  eligible: boolean;
  /** The reason of every rule not met, in the order of the rules. */
  reasons: string[];
  /** For an eligible visitor: the figures to show, and the notes that apply. */
  figures: Figure[];
  notes: string[];
}

/** The longest answer worth reading: anything longer in a link is not an answer. */
const MAX_RAW = 20;

/**
 * A typed or linked answer, or undefined when it is not one this question accepts. A number
 * may be written with commas, spaces or the rupee sign (10,00,000), but must be whole and
 * within the question's limits.
 */
export function readAnswer(question: Question, raw: string | null | undefined): Answer | undefined {
  if (raw === null || raw === undefined || raw.length > MAX_RAW) return undefined;
  const text = raw.trim();
  if (question.kind === 'number') {
    const cleaned = text.replace(/[,\s₹]/g, '');
    if (!/^\d+$/.test(cleaned)) return undefined;
    const value = Number(cleaned);
    return value >= question.min! && value <= question.max! ? value : undefined;
  }
  if (question.kind === 'yes-no') return text === 'yes' || text === 'no' ? text : undefined;
  return question.options!.some((option) => option.value === text) ? text : undefined;
}

/**
 * The questions to ask, given the answers so far: a question with askIf only when its
 * condition holds (and not while the answers it depends on are missing).
 */
export function questionsAsked(block: BlockOf<'eligibility'>, answers: Answers): Question[] {
  return block.questions.filter((question) => {
    if (question.askIf === undefined) return true;
    try {
      return Boolean(evaluate(question.askIf, { ...block.constants, ...answers }));
    } catch {
      return false;
    }
  });
}

/** Only the answers to questions that are asked: one left over from an earlier choice does not count. */
export function askedAnswers(block: BlockOf<'eligibility'>, answers: Answers): Answers {
  return Object.fromEntries(questionsAsked(block, answers).flatMap(({ id }) => (id in answers ? [[id, answers[id]!]] : [])));
}

/** The answers a link carries, each under its question's id; anything not a valid answer is left out. */
export function answersFromQuery(block: BlockOf<'eligibility'>, query: URLSearchParams): Answers {
  const answers: Answers = {};
  for (const question of block.questions) {
    const answer = readAnswer(question, query.get(question.id));
    if (answer !== undefined) answers[question.id] = answer;
  }
  return askedAnswers(block, answers);
}

export const isComplete = (block: BlockOf<'eligibility'>, answers: Answers) =>
  questionsAsked(block, answers).every((question) => question.id in answers);

/** A figure as the visitor reads it: a text in the page's own words where the page gives them (किशोर for Kishor). */
function format(value: Value, as: 'rupees' | 'percent' | 'text', texts?: Record<string, string>): string {
  if (as === 'text') return texts?.[String(value)] ?? String(value);
  if (typeof value !== 'number') throw new Error(`expected a number, got ${JSON.stringify(value)}`);
  return as === 'rupees' ? formatWholeRupees(value) : `${value}%`;
}

/** Works out a full set of answers: every rule, then, for an eligible visitor, the figures and notes. */
export function assess(block: BlockOf<'eligibility'>, answers: Answers): Outcome {
  const scope: Scope = { ...block.constants, ...askedAnswers(block, answers) };
  const reasons = block.rules.filter((rule) => !evaluate(rule.require, scope)).map((rule) => rule.reason);
  const figures: Figure[] = [];
  for (const result of block.results) {
    const value = evaluate(result.value, scope);
    scope[result.id] = value;
    if (result.hidden || (result.when !== undefined && !evaluate(result.when, scope))) continue;
    figures.push({ id: result.id, label: result.label, text: format(value, result.format, result.texts) });
  }
  const eligible = reasons.length === 0;
  const notes = (block.notes ?? []).filter((note) => note.when === undefined || evaluate(note.when, scope)).map((note) => note.text);
  return { eligible, reasons, figures: eligible ? figures : [], notes: eligible ? notes : [] };
}

/** The words the advisor's summary is written in: the page's language. */
export interface SummaryWords {
  yes: string;
  no: string;
  yearsUnit: string;
  summaryIntro: string;
  summaryEligible: string;
  summaryNotEligible: string;
}

/** An answer as the visitor chose or typed it, for the summary sent to an advisor. */
export function answerText(question: Question, answer: Answer, words: SummaryWords): string {
  if (question.kind === 'number') return question.unit === 'rupees' ? formatWholeRupees(Number(answer)) : `${answer} ${words.yearsUnit}`;
  if (question.kind === 'yes-no') return answer === 'yes' ? words.yes : words.no;
  return question.options!.find((option) => option.value === answer)?.label ?? String(answer);
}

/** What the contact form's message field can hold. */
export const MESSAGE_LIMIT = 2000;

/** The answers and the result in plain lines, for the advisor to read in the enquiry's message. */
export function advisorSummary(
  block: BlockOf<'eligibility'>,
  answers: Answers,
  outcome: Outcome,
  route: string,
  words: SummaryWords,
): string {
  const lines = [
    words.summaryIntro.replace('{route}', route),
    ...questionsAsked(block, answers).map((question) => `${question.label} ${answerText(question, answers[question.id]!, words)}`),
    outcome.eligible ? words.summaryEligible : `${words.summaryNotEligible} ${outcome.reasons.join(' ')}`,
    ...outcome.figures.map((figure) => `${figure.label}: ${figure.text}`),
  ];
  const text = lines.join('\n');
  return text.length <= MESSAGE_LIMIT ? text : `${text.slice(0, MESSAGE_LIMIT - 1)}…`;
}
