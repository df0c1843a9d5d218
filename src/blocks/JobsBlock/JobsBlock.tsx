import { MapPin } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import type { BlockOf } from '../../content/blockTypes';
import { applyNowHref } from '../ApplyNowBlock/applyNowHref';
import { Section } from '../shared/Section';
import { fill } from '../../shared/languages';
import { useLanguage } from '../../shell/useLanguage';
import './JobsBlock.css';

export function JobsBlock({ block }: { block: BlockOf<'jobs'> }) {
  const { pathname } = useLocation();
  const { words: all, local } = useLanguage();
  const words = all.ui.blocks;
  return (
    <Section heading={block.heading} className="jobs">
      {block.intro && <p className="block__intro">{block.intro}</p>}
      <ul className="grid-list jobs__list" role="list">
        {block.items.map((job, index) => (
          <li key={index} className="jobs__card">
            <h3 className="jobs__title">{job.title}</h3>
            {job.location && (
              <p className="jobs__location">
                <MapPin aria-hidden="true" focusable="false" className="jobs__pin" />
                {job.location}
              </p>
            )}
            <p>{job.summary}</p>
            <ul className="jobs__requirements">
              {job.requirements.map((requirement, requirementIndex) => (
                <li key={requirementIndex}>{requirement}</li>
              ))}
            </ul>
            <Link className="button button--cta" to={local(applyNowHref(pathname))}>
              {words.applyLabel}
              <span className="visually-hidden"> {fill(words.applyFor, { job: job.title })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
