import type { BlockOf } from '../../content/blockTypes';
import { Section } from '../shared/Section';
import { StatusCheck } from './StatusCheck';
import './StatusCheckBlock.css';

export default function StatusCheckBlock({ block }: { block: BlockOf<'status-check'> }) {
  return (
    <Section heading={block.heading} className="status-check">
      {block.intro && <p className="block__intro">{block.intro}</p>}
      <StatusCheck />
    </Section>
  );
}
