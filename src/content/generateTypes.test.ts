import { describe, expect, test } from 'vitest';
import {
  ADMIN_BODIES_FILE,
  adminBodiesText,
  BLOCK_LIST_FILE,
  BLOCK_RULES_FILE,
  blockListText,
  blockRulesText,
  currentTypes,
  GENERATED,
  GENERATED_SCHEMAS,
  renderTypes,
  schemaText,
} from './generateTypes';

describe('the TypeScript types generated from the content schemas', () => {
  test.each(GENERATED)('$types matches $schema (run `npm run types` after changing a schema)', async ({ schema, types }) => {
    expect(currentTypes(types)).toBe(await renderTypes(schema));
  });

  test("src/blocks/blockRules.generated.ts lists every block folder's rules (run `npm run types` after adding one)", () => {
    expect(currentTypes(BLOCK_RULES_FILE)).toBe(blockRulesText());
  });

  test("BLOCKS.md lists every block folder's, with its description and examples (run `npm run types`)", () => {
    expect(currentTypes(BLOCK_LIST_FILE)).toBe(blockListText());
  });

  test.each(GENERATED_SCHEMAS)('$file is as the block folders make it (run `npm run types` after changing a block)', async (schemaFile) => {
    expect(currentTypes(schemaFile.file)).toBe(await schemaText(schemaFile));
  });

  test("src/shared/forms/adminBodies.generated.ts types every admin API body's schema (run `npm run types` after changing one)", async () => {
    expect(currentTypes(ADMIN_BODIES_FILE)).toBe(await adminBodiesText());
  });
});
