import type { Content, Problem } from './checkContent.js';

/** One problem per line: folder/file:line:col, the place inside the document, then what to fix. */
export function formatProblem(problem: Problem, folderLabel: string): string {
  const message = problem.severity === 'warning' ? `warning: ${problem.message}` : problem.message;
  const file = problem.root === 'project' ? problem.file : `${folderLabel}/${problem.file}`;
  return `${file}:${problem.line}:${problem.col}  ${problem.path}  ${message}`;
}

export function countErrors(content: Content): number {
  return content.problems.filter((problem) => problem.severity === 'error').length;
}

/** " in English, मराठी and हिंदी" when the site has translations; nothing for a site in one language. */
function translated(content: Content): string {
  if (content.languages.length === 0) return '';
  const names = ['English', ...content.languages.map((language) => language.name)];
  return ` in ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The whole report, ending in a one-line summary. */
export function formatReport(content: Content): string {
  const errors = countErrors(content);
  const warnings = content.problems.length - errors;
  const pages = content.pages.length + (content.notFound ? 1 : 0);
  const summary =
    errors > 0
      ? `Content check failed: ${errors} error${errors === 1 ? '' : 's'}${warnings ? ` and ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}. Nothing is built until it is fixed.`
      : `Content check passed: ${pages} pages and the site file${translated(content)}${warnings ? `, with ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}.`;
  return [...content.problems.map((problem) => formatProblem(problem, content.folder.label)), summary].join('\n');
}
