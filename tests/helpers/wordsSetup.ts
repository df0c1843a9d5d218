import { loadAllWords } from '../../src/shared/languages';

// The site loads a language's words before drawing a page and the server loads all of them
// before its first request; code under test gets them the same way.
await loadAllWords();
