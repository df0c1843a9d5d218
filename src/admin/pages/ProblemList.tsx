import type { PlainProblem } from '../../shared/plainProblems';

/**
 * The check's problems in plain words: what is wrong and what to do, where it is as the person
 * sees it, a button to it, and the exact place (file:line:col) as details for the YAML view.
 */
export function ProblemList({
  file,
  problems,
  onGoTo,
  headingId,
}: {
  file: string;
  problems: readonly PlainProblem[];
  onGoTo: (problem: PlainProblem) => void;
  headingId: string;
}) {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;
  return (
    <section aria-labelledby={headingId} className="pages-problems">
      <h2 id={headingId}>
        Check: {errors} error{errors === 1 ? '' : 's'}, {warnings} warning{warnings === 1 ? '' : 's'}
      </h2>
      {problems.length === 0 ? (
        <p>No problems: this can be published.</p>
      ) : (
        <ul>
          {problems.map((problem, index) => (
            <li key={index} className={`pages-problems__${problem.severity}`}>
              <p className="pages-problems__sentence">
                <strong>{problem.severity === 'error' ? 'Error' : 'Warning'}</strong> in {problem.file === file ? '' : `${problem.file}, `}
                {problem.where}: {problem.sentence}
              </p>
              {problem.file === file && (
                <button type="button" className="button button--ghost" onClick={() => onGoTo(problem)}>
                  Show {problem.where}
                  <span className="visually-hidden">
                    {' '}
                    (line {problem.line}, column {problem.col})
                  </span>
                </button>
              )}
              <details className="pages-problems__details">
                <summary>Exact place</summary>
                <code>{problem.details}</code>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
