import { Icon as LucideIcon } from 'lucide-react';
import { createContext, useContext } from 'react';
import type { Image } from '../../content/page.generated';
import type { IconData, PageAsset, PagePayload } from '../../shared/siteData';

/** The drawings and pictures of the page being shown, from its payload, and on a document link's upload page what the link asks for. */
export const PageAssetsContext = createContext<
  { icons: Record<string, IconData>; assets: Record<string, PageAsset> } & Pick<PagePayload, 'upload'>
>({
  icons: {},
  assets: {},
});

/** A Lucide icon drawn from the drawing the page's payload carries, so a page downloads only the icons it shows. */
export function Icon({ name, className }: { name: string; className?: string }) {
  const data = useContext(PageAssetsContext).icons[name];
  if (!data) throw new Error(`Icon "${name}" is not in this page's payload`);
  return <LucideIcon iconNode={data.node} className={className} aria-hidden="true" focusable="false" />;
}

/**
 * A picture at its intrinsic size; an uploaded one in WebP where the browser takes it, at the
 * width the layout needs (`sizes` says how wide the block draws it).
 */
export function Picture({
  image,
  className,
  eager = false,
  sizes = '(min-width: 48rem) 36rem, 100vw',
}: {
  image: Image;
  className?: string;
  eager?: boolean;
  sizes?: string;
}) {
  const asset = useContext(PageAssetsContext).assets[image.src];
  if (!asset) throw new Error(`Picture "${image.src}" is not in this page's payload`);
  const img = (
    <img
      className={className}
      src={asset.src}
      {...(asset.srcset && { srcSet: asset.srcset, sizes })}
      width={asset.width}
      height={asset.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
  if (!asset.webp) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={asset.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
