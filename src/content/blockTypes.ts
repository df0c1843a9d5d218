import pageSchema from '../../schemas/page.schema.json' with { type: 'json' };

type Def = { properties?: { type?: { const?: string } } };

/** The block types the page schema allows, in the schema's order. */
export const BLOCK_TYPES: string[] = pageSchema.$defs.block.oneOf.map((branch) => {
  const def = (pageSchema.$defs as Record<string, Def>)[branch.$ref.replace('#/$defs/', '')];
  return def?.properties?.type?.const ?? branch.$ref;
});
