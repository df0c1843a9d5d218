import type { Desk } from '../content/desk.generated';
import type { Page } from '../content/page.generated';
import type { UploadView } from './documents';
import type { BrowserWords, Language, SiteDetails } from './languages';

/** A Lucide icon's drawing, as lucide-react's createLucideIcon takes it. */
export interface IconData {
  name: string;
  size?: number;
  node: [string, Record<string, string>][];
}

/** A picture a page shows, at its cacheable address and with its intrinsic size (so it never shifts the layout). */
export interface PageAsset {
  src: string;
  width: number;
  height: number;
  /** An uploaded picture's sizes in its own format ("/images/a-1.jpg 400w, …"), and in WebP. */
  srcset?: string;
  webp?: string;
}

/**
 * Everything one page needs to be drawn: its content, and the drawings and pictures it
 * uses. The server renders it to HTML and sends it with the page (so the browser hydrates
 * exactly what the server drew); the browser fetches it for each page it moves to.
 */
export interface PagePayload {
  /** The page's file without .yaml: "homeloan", "mr/homeloan", "_404", "mr/_404". */
  key: string;
  /** Its address; empty for a not-found page. */
  route: string;
  lang: string;
  /** An English page shown at another language's address, with a note, until it is translated. */
  untranslated: boolean;
  page: Page;
  icons: Record<string, IconData>;
  assets: Record<string, PageAsset>;
  /** On a document link's upload page only: what the link asks for (drawn for that one request, never kept). */
  upload?: UploadView;
}

/** The firm, the languages and one language's words: what every page, and the admin screens, draw around the content. */
export interface SiteData {
  site: SiteDetails;
  languages: Language[];
  lang: string;
  words: BrowserWords;
}

/** The admin screens' data: the site's, with the lead desk's statuses and closing reasons. */
export interface AdminData extends SiteData {
  desk: Desk;
}

/** The ids of the JSON each page carries (never run: a data block, which the CSP allows). */
export const DATA_ELEMENT = { site: 'site-data', page: 'page-data' } as const;

/** The admin document's meta element that carries the CSP nonce its style elements need. */
export const CSP_NONCE_META = 'csp-nonce';

/** Where the browser fetches the next page's payload as it moves through the site: ?path=/mr/homeloan. */
export const PAGE_PAYLOAD_PATH = '/_content/page';

/**
 * Draws the app's HTML (src/app/entry-server.tsx), given to the server by its entry so the API never imports React.
 * A page's HTML is its language's frame with the address's language links and the page itself put in it:
 * `shell(...)` with `marks` in their places, the marks replaced by `languageLinks(...)` and the page's own part of `page(...)`.
 */
export interface PageRenderer {
  /** One address whole: the frame and the page in it. */
  page: (input: { url: string; siteData: SiteData; payload: PagePayload }) => Promise<string>;
  /** The frame alone, as at `url`, with `marks` (text no drawing holds) where the language links and the page go. */
  shell: (input: { url: string; siteData: SiteData; marks: { languageLinks: string; page: string } }) => string;
  /** The links to the page at `url` in every language. */
  languageLinks: (input: { url: string; siteData: SiteData }) => string;
}
