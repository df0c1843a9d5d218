import { MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSiteData } from '../../shell/SiteDataContext';
import type { BlockOf } from '../../content/blockTypes';
import { Section } from '../shared/Section';
import preview from './map-preview.svg';
import { mapUrls } from './mapUrls';
import { fill } from '../../shared/languages';
import { useLanguage } from '../../shell/useLanguage';
import './MapBlock.css';

/**
 * A click-to-load map: a picture and an "Open map" button (in the page's language) stand in for the map, so no
 * request leaves our site until the visitor asks for it.
 */
export function MapBlock({ block }: { block: BlockOf<'map'> }) {
  const { site } = useSiteData();
  const [loaded, setLoaded] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const urls = mapUrls(site.geo);
  const words = useLanguage().words.ui;
  // The button that had focus is gone once the map replaces it; keep keyboard users in place.
  useEffect(() => {
    if (loaded) frame.current?.focus();
  }, [loaded]);
  return (
    <Section heading={block.heading} className="map-block">
      {block.text && <p className="block__intro">{block.text}</p>}
      <div className="map-block__frame">
        {loaded ? (
          <iframe ref={frame} className="map-block__iframe" src={urls.embed} title={fill(words.blocks.mapTitle, { firm: site.name })} />
        ) : (
          <>
            <img className="map-block__preview" src={preview} width={800} height={400} alt="" />
            <button type="button" className="button map-block__open" onClick={() => setLoaded(true)}>
              <MapPin aria-hidden="true" focusable="false" />
              {words.blocks.mapOpen}
            </button>
          </>
        )}
      </div>
      <p className="map-block__note">
        {words.blocks.mapNote}{' '}
        <a href={urls.page} rel="noopener noreferrer" target="_blank">
          {words.blocks.mapLink}
          <span className="visually-hidden"> {words.common.newTab}</span>
        </a>
      </p>
    </Section>
  );
}
