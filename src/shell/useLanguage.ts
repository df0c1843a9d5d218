import { useLocation } from 'react-router-dom';
import { localPath, languageOf, wordsFor } from '../shared/languages';

/** The language of the page on screen (from its address), its words, and how to link within it. */
export function useLanguage() {
  const { pathname } = useLocation();
  const code = languageOf(pathname);
  return { code, words: wordsFor(code), local: (to: string) => localPath(code, to) };
}
