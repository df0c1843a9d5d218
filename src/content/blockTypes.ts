import type { Block } from './page.generated.js';

/** The YAML `type` of a block, which also names its folder (image-strip → src/blocks/ImageStripBlock/) and its component. */
export type BlockType = Block['type'];

/** The data of one kind of block: BlockOf<'faq'>. */
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;
