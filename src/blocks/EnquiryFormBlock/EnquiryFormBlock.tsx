import type { EnquiryForm as EnquiryFormData } from '../../content/page.generated';
import { Section } from '../shared/Section';
import { EnquiryForm } from './EnquiryForm';
import './EnquiryFormBlock.css';

export default function EnquiryFormBlock({ block }: { block: EnquiryFormData }) {
  return (
    <Section heading={block.heading} className="enquiry">
      {block.intro && <p className="block__intro">{block.intro}</p>}
      <EnquiryForm kind={block.form} />
    </Section>
  );
}
