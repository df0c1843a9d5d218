import { Link, useLocation } from 'react-router-dom';
import type { BlockOf } from '../../content/blockTypes';
import { applyNowHref } from './applyNowHref';
import { useLanguage } from '../../shell/useLanguage';
import './ApplyNowBlock.css';

export function ApplyNowBlock({ block }: { block: BlockOf<'apply-now'> }) {
  const { pathname } = useLocation();
  const { words, local } = useLanguage();
  const { applyHeading, applyLabel } = words.ui.blocks;
  return (
    <section className="block apply-now">
      <div className="container apply-now__inner">
        <div>
          <h2 className="apply-now__heading">{block.heading ?? applyHeading}</h2>
          {block.text && <p className="apply-now__text">{block.text}</p>}
        </div>
        <Link className="button button--cta apply-now__button" to={local(applyNowHref(pathname))}>
          {block.label ?? applyLabel}
        </Link>
      </div>
    </section>
  );
}
