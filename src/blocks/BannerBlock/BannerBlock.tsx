import type { BlockOf } from '../../content/blockTypes';
import { Picture } from '../shared/PageAssets';
import { TypedText } from '../shared/TypedText';
import './BannerBlock.css';

export function BannerBlock({ block }: { block: BlockOf<'banner'> }) {
  return (
    <section className="banner">
      <div className="container banner__inner">
        <div className="banner__text">
          <h1 className="banner__title" tabIndex={-1}>
            {block.title}
          </h1>
          {block.tagline && (
            <p className="banner__tagline">
              <TypedText typing={block.tagline} />
            </p>
          )}
          {block.lead && <p className="banner__lead">{block.lead}</p>}
          {block.motto && (
            <p className="banner__motto">
              <span lang="hi" className="banner__motto-hi">
                {block.motto.hi}
              </span>
              {/* Marked, so a Marathi or Hindi page reads its English half in English. */}
              <span lang="en" className="banner__motto-en">
                {block.motto.en}
              </span>
            </p>
          )}
        </div>
        {block.image && <Picture image={block.image} eager className="banner__image" />}
      </div>
    </section>
  );
}
