import type { BlockOf } from '../../content/blockTypes';
import { Section } from '../shared/Section';
import './TextBlock.css';

export function TextBlock({ block }: { block: BlockOf<'text'> }) {
  return (
    <Section heading={block.heading} className={`text-block text-block--${block.variant ?? 'plain'}`}>
      <div className="text-block__body">
        {block.paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </Section>
  );
}
