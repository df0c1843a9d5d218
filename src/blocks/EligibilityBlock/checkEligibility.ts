import type { BlockOf } from '../../content/blockTypes.js';
import { FORM_SCHEMAS } from '../../shared/forms/formSchemas.js';
import type { BlockProblem } from '../blockRules.js';
import { comparisons, ExpressionError, expressionProblems, textOutcomes } from './expressions.js';

/** A mistake in a checker that its schema cannot see, at a value of the block. */

const ENQUIRY_TYPES = FORM_SCHEMAS.contact.properties.enquiry?.['x-options']?.map((option) => option.label) ?? [];

/**
 * What the content check adds for an eligibility block: every condition and figure must
 * read, use only what the checker works out, name only its questions, constants and the
 * figures above it, and compare a question only with one of its answers.
 */
export function eligibilityProblems(block: BlockOf<'eligibility'>): BlockProblem[] {
  const problems: BlockProblem[] = [];
  const questions = new Map(block.questions.map((question) => [question.id, question]));
  const names = new Set<string>();
  const claim = (name: string, pointer: string[]) => {
    if (names.has(name))
      problems.push({ pointer, message: `uses the name ${name} twice; each question, constant and figure needs its own` });
    names.add(name);
  };
  const asked = new Set(Object.keys(block.constants ?? {}));
  block.questions.forEach((question, index) => {
    if (question.askIf !== undefined) check(question.askIf, ['questions', String(index), 'askIf'], asked);
    asked.add(question.id);
    claim(question.id, ['questions', String(index), 'id']);
    if (question.kind === 'number' && question.min! > question.max!)
      problems.push({ pointer: ['questions', String(index), 'min'], message: `is more than max (${question.max})` });
    const values = question.options?.map((option) => option.value) ?? [];
    values.forEach((value, at) => {
      if (values.indexOf(value) !== at)
        problems.push({ pointer: ['questions', String(index), 'options', String(at), 'value'], message: `repeats the answer ${value}` });
    });
  });
  Object.keys(block.constants ?? {}).forEach((name) => claim(name, ['constants', name]));

  function check(text: string, pointer: string[], known: ReadonlySet<string>) {
    try {
      for (const problem of expressionProblems(text, known))
        problems.push({ pointer, message: problem.message, name: problem.unknownName });
      for (const { name, value } of comparisons(text)) {
        const question = questions.get(name);
        if (!question || question.kind === 'number') continue;
        const answers = question.kind === 'yes-no' ? ['yes', 'no'] : question.options!.map((option) => option.value);
        if (!answers.includes(value))
          problems.push({
            pointer,
            message: `compares ${name} with '${value}', which is not one of its answers (${answers.join(', ')})`,
            name: `'${value}'`,
          });
      }
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      problems.push({ pointer, message: error.message, index: error.index });
    }
  }

  const known = new Set(names);
  block.rules.forEach((rule, index) => check(rule.require, ['rules', String(index), 'require'], known));
  block.results.forEach((result, index) => {
    check(result.value, ['results', String(index), 'value'], known);
    claim(result.id, ['results', String(index), 'id']);
    known.add(result.id);
    if (result.when !== undefined) check(result.when, ['results', String(index), 'when'], known);
    if (result.texts) problems.push(...textsProblems(result, ['results', String(index)]));
  });
  (block.notes ?? []).forEach((note, index) => note.when !== undefined && check(note.when, ['notes', String(index), 'when'], known));
  if (!ENQUIRY_TYPES.includes(block.advisor.enquiry))
    problems.push({
      pointer: ['advisor', 'enquiry'],
      message: `must be one of the Contact Us form's enquiry types: ${ENQUIRY_TYPES.join(', ')}`,
    });
  return problems;
}

/**
 * A text figure's words for each text it comes out as: one for every such text, and none for a
 * text it cannot come out as, so a translator's words always reach the page.
 */
function textsProblems(result: BlockOf<'eligibility'>['results'][number], at: string[]): BlockProblem[] {
  if (result.format !== 'text')
    return [{ pointer: [...at, 'texts'], message: `gives words for texts, but the figure is shown as ${result.format}` }];
  let outcomes: string[] | undefined;
  try {
    outcomes = textOutcomes(result.value);
  } catch {
    return []; // the value's own problem is reported at it
  }
  if (!outcomes)
    return [{ pointer: [...at, 'texts'], message: 'gives words for texts, but the figure is worked out, not one of texts in quotes' }];
  const given = Object.keys(result.texts!);
  return [
    ...outcomes
      .filter((text) => !given.includes(text))
      .map((text) => ({
        pointer: [...at, 'texts'],
        message: `has no words for '${text}', which the figure can come out as; add ${text}: and its words`,
      })),
    ...given
      .filter((text) => !outcomes.includes(text))
      .map((text) => ({
        pointer: [...at, 'texts', text],
        message: `is not a text the figure can come out as (${outcomes.map((outcome) => `'${outcome}'`).join(', ')})`,
      })),
  ];
}
