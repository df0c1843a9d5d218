import { Icon as LucideIcon } from 'lucide-react';
import { createContext, useContext } from 'react';
import type { Image } from '../../content/page.generated';
import type { IconData, PageAsset } from '../../shared/siteData';

/** The drawings and pictures of the page being shown, from its payload. */
export const PageAssetsContext = createContext<{ icons: Record<string, IconData>; assets: Record<string, PageAsset> }>({
  icons: {},
  assets: {},
});

/** A Lucide icon drawn from the drawing the page's payload carries, so a page downloads only the icons it shows. */
export function Icon({ name, className }: { name: string; className?: string }) {
  const data = useContext(PageAssetsContext).icons[name];
  if (!data) throw new Error(`Icon "${name}" is not in this page's payload`);
  return <LucideIcon iconNode={data.node} className={className} aria-hidden="true" focusable="false" />;
}

export function Picture({ image, className, eager = false }: { image: Image; className?: string; eager?: boolean }) {
  const asset = useContext(PageAssetsContext).assets[image.src];
  if (!asset) throw new Error(`Picture "${image.src}" is not in this page's payload`);
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
