import type { BlockOf } from '../../content/blockTypes';
import { Section } from '../shared/Section';
import './ListBlock.css';

export function ListBlock({ block }: { block: BlockOf<'list'> }) {
  return (
    <Section heading={block.heading} className="list-block">
      {block.intro && <p className="block__intro">{block.intro}</p>}
      {/* role="list": Safari drops list semantics from lists drawn without bullets. */}
      <ul className={`list-block__list list-block__list--${block.style ?? 'bullet'}`} role={block.style === 'check' ? 'list' : undefined}>
        {block.items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </Section>
  );
}
