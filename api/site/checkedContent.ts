import type { Content } from '../../src/content/checkContent';
import { contentPage, type ContentPage, type PageSummary } from '../../src/content/contentPage';
import type { ContentFolder } from '../../src/content/contentFolder';
import type { LanguageContent } from '../../src/content/translations';

/** A page as a check describes it, without its data: what crosses from the checking thread. */
type SummaryPage = PageSummary & { key: string; route: string; file: string };

/**
 * A checked site as plain data (structured-cloneable): everything `Content` holds but the
 * pages' data, which the other side reads from its own copy of the same folder.
 */
export interface CheckedSummary extends Omit<Content, 'folder' | 'pages' | 'notFound' | 'languages'> {
  pages: SummaryPage[];
  notFound?: SummaryPage;
  languages: (Omit<LanguageContent, 'pages' | 'notFound'> & { pages: SummaryPage[]; notFound?: SummaryPage })[];
}

const summaryOf = ({ key, route, file, title, updated, reviewed }: ContentPage): SummaryPage => ({
  key,
  route,
  file,
  title,
  updated,
  ...(reviewed && { reviewed }),
});

export function summarize({ folder: _folder, pages, notFound, languages, ...rest }: Content): CheckedSummary {
  return {
    ...rest,
    pages: pages.map(summaryOf),
    ...(notFound && { notFound: summaryOf(notFound) }),
    languages: languages.map(({ pages: translated, notFound: missing, ...language }) => ({
      ...language,
      pages: translated.map(summaryOf),
      ...(missing && { notFound: summaryOf(missing) }),
    })),
  };
}

/** The checked site again, its pages read from `folder` (the same files the check read) when their data is asked for. */
export function contentOf(summary: CheckedSummary, folder: ContentFolder): Content {
  const page = ({ file, key, route, ...rest }: SummaryPage) => contentPage(folder, file, key, route, rest);
  const { pages, notFound, languages, ...rest } = summary;
  return {
    ...rest,
    folder,
    pages: pages.map(page),
    ...(notFound && { notFound: page(notFound) }),
    languages: languages.map(({ pages: translated, notFound: missing, ...language }) => ({
      ...language,
      pages: translated.map(page),
      ...(missing && { notFound: page(missing) }),
    })),
  };
}
