import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * `npm run test:fast`: lint, typecheck and the unit and component tests side by side, with no
 * server process, browser or PostgreSQL cluster (SKIP_POSTGRES=1 leaves the stores' contract to
 * PostgreSQL for `npm test`), each line prefixed with its job; exit status 1 when any fails.
 * The jobs are npm scripts and Vitest, so each is the same command a developer runs alone.
 */
const JOBS: Record<string, string[]> = {
  lint: ['npm', 'run', '--silent', 'lint'],
  typecheck: ['npm', 'run', '--silent', 'typecheck'],
  tests: ['npx', 'vitest', 'run', '--project', 'unit', '--project', 'components'],
};

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(0);

const results = await Promise.all(
  Object.entries(JOBS).map(
    ([name, [command, ...args]]) =>
      new Promise<{ name: string; code: number }>((resolve) => {
        const child = spawn(command!, args, {
          env: { ...process.env, SKIP_POSTGRES: '1', FORCE_COLOR: '0' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        for (const stream of [child.stdout, child.stderr])
          createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
        child.on('exit', (code, signal) => {
          console.log(`[${name}] ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit status ${code}`})`} after ${seconds()} s`);
          resolve({ name, code: code ?? 1 });
        });
      }),
  ),
);
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
console.log(failed.length ? `test:fast FAILED: ${failed.join(', ')} (${seconds()} s)` : `test:fast passed in ${seconds()} s`);
process.exit(failed.length ? 1 : 0);
