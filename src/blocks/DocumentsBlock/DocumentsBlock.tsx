import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { BlockOf } from '../../content/blockTypes';
import './DocumentsBlock.css';

/** A disclosure: the heading is a button that shows and hides the list of documents. */
export function DocumentsBlock({ block }: { block: BlockOf<'documents'> }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className="block documents">
      <div className="container">
        <h2 className="documents__heading">
          <button type="button" className="documents__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
            <span>{block.heading}</span>
            <ChevronDown className="documents__chevron" aria-hidden="true" focusable="false" />
          </button>
        </h2>
        <div id={id} className="documents__panel collapsible" hidden={!open}>
          {block.intro && <p>{block.intro}</p>}
          <ul className="documents__list">
            {block.items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
