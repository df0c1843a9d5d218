import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { expect, test } from 'vitest';

test('the visit beacon, with what it needs, is at most 1 KB compressed', async () => {
  const bundled = await build({
    entryPoints: [new URL('./visitBeacon.ts', import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
  });
  const bytes = gzipSync(bundled.outputFiles[0]!.contents).length;
  expect(bytes).toBeGreaterThan(200);
  expect(bytes).toBeLessThanOrEqual(1024);
});
