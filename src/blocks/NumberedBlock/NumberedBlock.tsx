import type { BlockOf } from '../../content/blockTypes';
import { Section } from '../shared/Section';
import './NumberedBlock.css';

export function NumberedBlock({ block }: { block: BlockOf<'numbered'> }) {
  return (
    <Section heading={block.heading} className="numbered">
      {block.intro && <p className="block__intro">{block.intro}</p>}
      {/* role="list": Safari drops list semantics from lists drawn without numbers. */}
      <ol className="grid-list numbered__list" role="list">
        {block.items.map((item, index) => (
          <li key={index} className="numbered__item">
            <h3 className="numbered__title">{item.title}</h3>
            <p className="numbered__description">{item.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
