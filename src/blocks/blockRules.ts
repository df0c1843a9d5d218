import type { BlockOf, BlockType } from '../content/blockTypes';
import type { HouseStyle } from '../content/housestyle.generated';
import type { TextValue } from '../content/yamlSource';

/** A mistake the schema cannot express, at a place inside the block. */
export interface BlockProblem {
  /** Where in the block, such as ['rules', '2', 'require']. */
  pointer: string[];
  message: string;
  /** The word in the value the mistake is about, for pointing at it. */
  name?: string;
  /** Or the character of the value where it starts. */
  index?: number;
}

/** A break of the house style, at a character of the file. */
export interface StyleBreach {
  /** Where in the block. */
  pointer: string[];
  /** Where the breach starts in the file. */
  offset: number;
  message: string;
}

export interface StyleContext {
  style: HouseStyle;
  /** A text value of the block as written in the file, by its place in the block. */
  textAt: (pointer: string[]) => TextValue | undefined;
  /** Where the block itself starts in the file (its `type`), for a breach about something it lacks. */
  start: number;
}

/**
 * What a block knows about itself beyond its schema and its component, kept in its folder as
 * <type>.rules.ts: the checks its content needs, its house-style rules, and what it tells
 * search engines. src/blocks/blockRules.generated.ts lists every folder's (npm run types).
 */
export interface BlockRules<T extends BlockType> {
  problems?: (block: BlockOf<T>) => BlockProblem[];
  styleBreaches?: (block: BlockOf<T>, context: StyleContext) => StyleBreach[];
  /** schema.org data for the page's head, from every block of this type on the page, in its language. */
  structuredData?: (blocks: BlockOf<T>[], lang: string) => object | undefined;
}

export type BlockRulesTable = { [T in BlockType]?: BlockRules<T> };
