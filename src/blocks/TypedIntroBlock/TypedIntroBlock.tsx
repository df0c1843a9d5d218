import type { BlockOf } from '../../content/blockTypes';
import { Section } from '../shared/Section';
import { TypedText } from '../shared/TypedText';
import './TypedIntroBlock.css';

export function TypedIntroBlock({ block }: { block: BlockOf<'typed-intro'> }) {
  return (
    <Section heading={block.heading} className="typed-intro">
      <p className="typed-intro__text">
        <TypedText typing={block} />
      </p>
    </Section>
  );
}
