import type { TypedIntro } from '../../content/page.generated';
import { Section } from '../shared/Section';
import { TypedText } from '../shared/TypedText';
import './TypedIntroBlock.css';

export function TypedIntroBlock({ block }: { block: TypedIntro }) {
  return (
    <Section heading={block.heading} className="typed-intro">
      <p className="typed-intro__text">
        <TypedText typing={block} />
      </p>
    </Section>
  );
}
