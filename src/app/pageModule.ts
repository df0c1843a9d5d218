import type { ComponentType, SVGProps } from 'react';
import type { Page } from '../content/page.generated';

/** A picture from pages-data/images, with its hashed URL and intrinsic size. */
export interface PageAsset {
  src: string;
  width: number;
  height: number;
}

export type IconComponent = ComponentType<SVGProps<SVGSVGElement> & { size?: number | string }>;

/** What virtual:content/page/<key> exports for one page (see src/content/pageModule.ts). */
export interface PageModule {
  /** The file name without .yaml: "about", "index" for /, "_404" for the not-found page. */
  key: string;
  /** The page's address; empty for the not-found page. */
  route: string;
  page: Page;
  icons: Record<string, IconComponent>;
  assets: Record<string, PageAsset>;
}
