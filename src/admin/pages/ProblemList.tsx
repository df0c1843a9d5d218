import type { ContentProblem } from '../../shared/pageEditor';

/** The check's problems, each a button that takes the cursor to its line (problems in other files name the file). */
export function ProblemList({
  file,
  problems,
  onGoTo,
  headingId,
}: {
  file: string;
  problems: readonly ContentProblem[];
  onGoTo: (line: number, col: number) => void;
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
              {problem.file === file ? (
                <button type="button" className="button button--ghost" onClick={() => onGoTo(problem.line, problem.col)}>
                  Line {problem.line}, column {problem.col}
                </button>
              ) : (
                <span>
                  {problem.file}:{problem.line}:{problem.col}
                </span>
              )}{' '}
              <span>
                {problem.severity === 'error' ? 'Error' : 'Warning'}: {problem.path} {problem.message}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
