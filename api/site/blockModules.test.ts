import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { BLOCK_TYPES } from '../../src/content/contentSchemas';
import { blockModulePath } from './blockModules';

test('every block type in the schema has its component where the prerenderer looks for it', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  expect(BLOCK_TYPES.length).toBeGreaterThanOrEqual(17);
  for (const type of BLOCK_TYPES)
    expect(existsSync(path.join(root, blockModulePath(type))), `${type} → ${blockModulePath(type)}`).toBe(true);
});
