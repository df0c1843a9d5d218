import { createContext } from 'react';

/**
 * On the server only: the frame every page of a language shares (header, menu, footer) is drawn
 * once with these marks where each address's own parts go, its language links and its page, and
 * each page's document is put together from that frame and its page's own drawing
 * (api/site/renderedSite.ts). The browser never sets it: it draws the whole tree, the same HTML.
 */
export const ShellSlots = createContext<{ languageLinks: string; page: string } | undefined>(undefined);
