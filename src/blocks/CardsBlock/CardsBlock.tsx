import { Link } from 'react-router-dom';
import type { BlockOf } from '../../content/blockTypes';
import { useLanguage } from '../../shell/useLanguage';
import { Icon, Picture } from '../shared/PageAssets';
import { Section } from '../shared/Section';
import './CardsBlock.css';

export function CardsBlock({ block }: { block: BlockOf<'cards'> }) {
  const { local } = useLanguage();
  return (
    <Section heading={block.heading} className="cards">
      {block.intro && <p className="block__intro">{block.intro}</p>}
      <ul className="grid-list" role="list">
        {block.items.map((card, index) => (
          <li key={index} className="card">
            {card.image ? (
              <Picture image={card.image} className="card__image" />
            ) : (
              card.icon && <Icon name={card.icon} className="card__icon" />
            )}
            <h3 className="card__title">{card.title}</h3>
            <p className="card__description">{card.description}</p>
            {card.link && (
              <Link className="card__link" to={local(card.link.to)}>
                {card.link.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
