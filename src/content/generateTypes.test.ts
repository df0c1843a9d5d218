import { describe, expect, test } from 'vitest';
import { currentTypes, GENERATED, renderTypes } from './generateTypes';

describe('the TypeScript types generated from the content schemas', () => {
  test.each(GENERATED)('$types matches $schema (run `npm run types` after changing a schema)', async ({ schema, types }) => {
    expect(currentTypes(types)).toBe(await renderTypes(schema));
  });
});
