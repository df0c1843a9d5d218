import { use } from 'react';
import { useLocation } from 'react-router-dom';
import { languageOf, loadWords, localPath, wordsFor, wordsLoaded } from '../shared/languages';

/**
 * The language of the page on screen (from its address), its words, and how to link within
 * it. The page loader fetches the words before a page is drawn; were they still on their
 * way, the page waits for them rather than showing another language.
 */
export function useLanguage() {
  const { pathname } = useLocation();
  const code = languageOf(pathname);
  const words = wordsLoaded(code) ? wordsFor(code) : use(loadWords(code));
  return { code, words, local: (to: string) => localPath(code, to) };
}
