import type { TextSection } from '../../content/page.generated';
import { Section } from '../shared/Section';
import './TextBlock.css';

export function TextBlock({ block }: { block: TextSection }) {
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
