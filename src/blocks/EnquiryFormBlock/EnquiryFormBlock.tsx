import type { BlockOf } from '../../content/blockTypes';
import { Section } from '../shared/Section';
import { EnquiryForm } from './EnquiryForm';
import './EnquiryFormBlock.css';

export default function EnquiryFormBlock({ block }: { block: BlockOf<'enquiry-form'> }) {
  return (
    <Section heading={block.heading} className="enquiry">
      {block.intro && <p className="block__intro">{block.intro}</p>}
      <EnquiryForm kind={block.form} />
    </Section>
  );
}
