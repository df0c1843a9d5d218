import { describe, expect, test } from 'vitest';
import { BLOCK_RULES_FILE, blockRulesText, currentTypes, GENERATED, pageSchemaText, readmeText, renderTypes } from './generateTypes';

describe('the TypeScript types generated from the content schemas', () => {
  test.each(GENERATED)('$types matches $schema (run `npm run types` after changing a schema)', async ({ schema, types }) => {
    expect(currentTypes(types)).toBe(await renderTypes(schema));
  });

  test("src/blocks/blockRules.generated.ts lists every block folder's rules (run `npm run types` after adding one)", () => {
    expect(currentTypes(BLOCK_RULES_FILE)).toBe(blockRulesText());
  });

  test("the README's list of blocks is every block folder's, with its description and examples (run `npm run types`)", () => {
    expect(currentTypes('README.md')).toBe(readmeText());
  });

  test("schemas/page.schema.json lists every block folder's schema (run `npm run types` after adding a block)", () => {
    expect(currentTypes('schemas/page.schema.json')).toBe(pageSchemaText());
  });
});
