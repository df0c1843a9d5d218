// A field's problems from the check, in plain words: shown the same way by every kind of field.
import type { PlainProblem } from '../../../shared/plainProblems';

/** The check's problems at one field, errors and warnings told apart for screen readers too. */
export function Problems({ problems, id }: { problems: readonly PlainProblem[]; id: string }) {
  if (problems.length === 0) return null;
  return (
    <p id={id} className={problems.some((problem) => problem.severity === 'error') ? 'field-error' : 'field-warning'}>
      {problems.map((problem, index) => (
        <span key={index}>
          <span className="visually-hidden">{problem.severity === 'error' ? 'Error' : 'Warning'}: </span>
          {problem.sentence}{' '}
        </span>
      ))}
    </p>
  );
}
