import type { ComponentType } from 'react';
import type { Block } from '../content/page.generated';
import { lazyBlock, type LazyBlockComponent } from './lazyBlock';

type BlockComponent = ComponentType<{ block: Block }>;

/**
 * Every folder src/blocks/<Name>Block/ with its component <Name>Block.tsx is a block, whose
 * YAML type is <Name> in kebab case (ImageStripBlock is image-strip): a new block is a new
 * folder. The light blocks download together and each interactive one on its own, only where
 * shown (src/shared/appChunks.ts); the server links their styles in the page, and their code is
 * loaded before the page is drawn.
 */
const modules = import.meta.glob<Record<string, BlockComponent>>('./*Block/*Block.tsx');

const typeOf = (name: string) =>
  name.replace(/Block$/, '').replace(/[A-Z]/g, (letter, at: number) => (at ? '-' : '') + letter.toLowerCase());

const components: Record<string, LazyBlockComponent<{ block: Block }> | undefined> = Object.fromEntries(
  Object.entries(modules).map(([file, load]) => {
    const name = file.split('/')[1]!;
    const component = lazyBlock<{ block: Block }>(() => load().then((module) => ({ default: (module[name] ?? module.default)! })));
    return [typeOf(name), component] as const;
  }),
);

export function BlockRenderer({ block }: { block: Block }) {
  const Component = components[block.type];
  if (!Component) throw new Error(`No component for the block type "${block.type}"`);
  return <Component block={block} />;
}

/** Downloads the code of every block on a page, so it renders without waiting. */
export function preloadBlocks(blocks: readonly Block[]): Promise<unknown> {
  return Promise.all(blocks.map((block) => components[block.type]?.preload() ?? Promise.resolve()));
}
