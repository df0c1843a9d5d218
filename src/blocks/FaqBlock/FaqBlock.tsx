import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { BlockOf } from '../../content/blockTypes';
import { Section } from '../shared/Section';
import { useLanguage } from '../../shell/useLanguage';
import './FaqBlock.css';

/** An accordion: the first answer starts open, and every question toggles its own answer. */
export function FaqBlock({ block }: { block: BlockOf<'faq'> }) {
  const id = useId();
  const { faqHeading } = useLanguage().words.ui.blocks;
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set([0]));
  const toggle = (index: number) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <Section heading={block.heading ?? faqHeading} className="faq">
      <div className="faq__list">
        {block.items.map((item, index) => {
          const expanded = open.has(index);
          return (
            <div key={index} className="faq__item">
              <h3 className="faq__question">
                <button
                  type="button"
                  className="faq__button"
                  id={`${id}-q${index}`}
                  aria-expanded={expanded}
                  aria-controls={`${id}-a${index}`}
                  onClick={() => toggle(index)}
                >
                  <span>{item.question}</span>
                  <ChevronDown className="faq__chevron" aria-hidden="true" focusable="false" />
                </button>
              </h3>
              <div id={`${id}-a${index}`} className="faq__answer collapsible" hidden={!expanded}>
                <p>{item.answer}</p>
              </div>
            </div>
          );
        })}
      </div>
    </Section>
  );
}
