import { stringify } from 'yaml';
import { GLOSSARY_FILE, LANGUAGE_DIR, TRANSLATED_DATA_FILES } from './contentFiles.js';
import type { ContentFolder } from './contentFolder.js';
import { englishFingerprint } from './translations.js';

/** The English file a translation is made from (mr/homeloan.yaml → homeloan.yaml); undefined for any other file. */
export function englishOf(file: string, folder: ContentFolder): string | undefined {
  const [language, base, ...rest] = file.split('/');
  if (rest.length > 0 || base === undefined || !LANGUAGE_DIR.test(language!) || base === GLOSSARY_FILE) return undefined;
  return folder.has(base) || base === TRANSLATED_DATA_FILES.forms ? base : undefined;
}

/**
 * The translation's text with the fingerprint of its English file as `folder` has it, in its
 * `source:` line (added above the first key, after the opening comments, when there is none).
 * Only that line changes: the content check then stops calling it stale until the English changes.
 * While the English file does not parse (a companion's draft), the text is left as it is: the
 * check lists the English file's problems.
 */
export function stampTranslation(text: string, folder: ContentFolder, english: string): string {
  const stamp = englishFingerprint(folder, english);
  if (stamp === undefined) return text;
  // Quoted only when YAML would read it as something else: 123456789012 as a number, 1234e5678901 as a float.
  const line = `source: ${stringify(stamp).trim()}`;
  const lines = text.split('\n');
  const existing = lines.findIndex((candidate) => /^source:/.test(candidate));
  if (existing >= 0) lines[existing] = line;
  else
    lines.splice(
      Math.max(
        0,
        lines.findIndex((candidate) => candidate.trim() !== '' && !candidate.startsWith('#')),
      ),
      0,
      line,
    );
  return lines.join('\n');
}
