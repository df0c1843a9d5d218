import { execFile } from 'node:child_process';
import { ROOT } from './server';

/** Runs `npm run admin:password` with the given environment, typing `input`. */
export function runAdminPassword(
  env: Record<string, string>,
  input: string,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      'npm',
      ['run', '-s', 'admin:password', ...(args.length ? ['--', ...args] : [])],
      { cwd: ROOT, env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
    child.stdin!.end(input);
  });
}
