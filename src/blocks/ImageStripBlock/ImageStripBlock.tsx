import type { BlockOf } from '../../content/blockTypes';
import { Picture } from '../shared/PageAssets';
import { Section } from '../shared/Section';
import { useLanguage } from '../../shell/useLanguage';
import './ImageStripBlock.css';

/** Captioned pictures in a row that scrolls sideways by touch, trackpad or the arrow keys once focused. */
export function ImageStripBlock({ block }: { block: BlockOf<'image-strip'> }) {
  const words = useLanguage().words.ui.blocks;
  return (
    <Section heading={block.heading} className="image-strip">
      {/* The scrolling frame is a labelled region that takes focus, so the arrow keys can scroll it. */}
      <div className="image-strip__track" role="region" aria-label={block.heading ?? words.pictures} tabIndex={0}>
        <ul className="image-strip__list" role="list">
          {block.images.map((item, index) => (
            <li key={index} className="image-strip__item">
              <figure className="image-strip__figure">
                <Picture image={item.image} className="image-strip__image" sizes="(min-width: 23rem) 18rem, 80vw" />
                <figcaption>{item.caption}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
