import { createContext, useContext } from 'react';
import type { Image } from '../../content/page.generated';
import type { PageModule } from '../../app/pageModule';

type Assets = Pick<PageModule, 'icons' | 'assets'>;

/** The icons and pictures of the page being shown, provided by the page module. */
export const PageAssetsContext = createContext<Assets>({ icons: {}, assets: {} });

export function Icon({ name, className }: { name: string; className?: string }) {
  const Component = useContext(PageAssetsContext).icons[name];
  if (!Component) throw new Error(`Icon "${name}" is not in this page's module`);
  return <Component className={className} aria-hidden="true" focusable="false" />;
}

export function Picture({ image, className, eager = false }: { image: Image; className?: string; eager?: boolean }) {
  const asset = useContext(PageAssetsContext).assets[image.src];
  if (!asset) throw new Error(`Picture "${image.src}" is not in this page's module`);
  return (
    <img
      className={className}
      src={asset.src}
      width={asset.width}
      height={asset.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
