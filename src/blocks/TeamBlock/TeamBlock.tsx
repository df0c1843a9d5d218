import type { BlockOf } from '../../content/blockTypes';
import { Icon } from '../shared/PageAssets';
import { Section } from '../shared/Section';
import './TeamBlock.css';

export function TeamBlock({ block }: { block: BlockOf<'team'> }) {
  return (
    <Section heading={block.heading} className="team">
      {block.intro && <p className="block__intro">{block.intro}</p>}
      <ul className="grid-list team__grid" role="list">
        {block.members.map((member, index) => (
          <li key={index} className="team__card">
            <Icon name={member.icon} className="team__icon" />
            <h3 className="team__title">{member.title}</h3>
            <p className="team__description">{member.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
