import type { ComponentType } from 'react';
import type { Block } from '../content/page.generated';
import { ApplyNowBlock } from './ApplyNowBlock/ApplyNowBlock';
import { BannerBlock } from './BannerBlock/BannerBlock';
import { CardsBlock } from './CardsBlock/CardsBlock';
import { DocumentsBlock } from './DocumentsBlock/DocumentsBlock';
import { FaqBlock } from './FaqBlock/FaqBlock';
import { ImageStripBlock } from './ImageStripBlock/ImageStripBlock';
import { JobsBlock } from './JobsBlock/JobsBlock';
import { ListBlock } from './ListBlock/ListBlock';
import { MapBlock } from './MapBlock/MapBlock';
import { NumberedBlock } from './NumberedBlock/NumberedBlock';
import { OfficeBlock } from './OfficeBlock/OfficeBlock';
import { PrivacyContactBlock } from './PrivacyContactBlock/PrivacyContactBlock';
import { TableBlock } from './TableBlock/TableBlock';
import { TeamBlock } from './TeamBlock/TeamBlock';
import { TextBlock } from './TextBlock/TextBlock';
import { TypedIntroBlock } from './TypedIntroBlock/TypedIntroBlock';
import { lazyBlock } from './lazyBlock';

type BlockComponents = { [Type in Block['type']]: ComponentType<{ block: Extract<Block, { type: Type }> }> };

/**
 * One component per block type. The calculator, the checkers and the forms are loaded only on
 * pages that show them, so other pages never download their code.
 */
const components: BlockComponents = {
  banner: BannerBlock,
  'typed-intro': TypedIntroBlock,
  text: TextBlock,
  cards: CardsBlock,
  numbered: NumberedBlock,
  list: ListBlock,
  table: TableBlock,
  faq: FaqBlock,
  'emi-calculator': lazyBlock(() => import('./EmiCalculatorBlock/EmiCalculatorBlock')),
  documents: DocumentsBlock,
  'image-strip': ImageStripBlock,
  map: MapBlock,
  'enquiry-form': lazyBlock(() => import('./EnquiryFormBlock/EnquiryFormBlock')),
  'apply-now': ApplyNowBlock,
  team: TeamBlock,
  jobs: JobsBlock,
  office: OfficeBlock,
  'privacy-contact': PrivacyContactBlock,
  eligibility: lazyBlock(() => import('./EligibilityBlock/EligibilityBlock')),
};

export function BlockRenderer({ block }: { block: Block }) {
  const Component = components[block.type] as ComponentType<{ block: Block }>;
  return <Component block={block} />;
}

/** Downloads the code of every lazily loaded block on a page, so it renders without waiting. */
export function preloadBlocks(blocks: readonly Block[]): Promise<unknown> {
  return Promise.all(
    blocks.map((block) => (components[block.type] as Partial<{ preload(): Promise<unknown> }>).preload?.() ?? Promise.resolve()),
  );
}
