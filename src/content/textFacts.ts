import { IMAGES_DIR } from './contentFiles.js';
import { englishFingerprintOf } from './translations.js';
import { parseYaml } from './yamlSource.js';

/**
 * What the server reads of a content file's text it has not checked: a draft, for the page
 * editor's lists, or an English file's old revision, for what changed since a translation was
 * made. Read in the content check's thread (ContentChecks.read), so no draft is parsed on the
 * thread that answers visitors.
 */
export interface TextFacts {
  /** Its `title`, when it has one. */
  title?: string;
  /** Every value that is an uploaded picture's path (images/x.jpg), however it is written. */
  pictures: string[];
  /** A translation's `source:`: the fingerprint of the English it was made from. */
  stamp?: string;
  /** As the English file it is named: the fingerprint a translation made from it records; absent when it does not parse. */
  fingerprint?: string;
}

export function textFacts(file: string, text: string): TextFacts {
  const data = parseYaml(text).data;
  const pictures: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.startsWith(`${IMAGES_DIR}/`)) pictures.push(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(data);
  const { title, source } = (typeof data === 'object' && data !== null ? data : {}) as { title?: unknown; source?: unknown };
  const fingerprint = englishFingerprintOf(file, data);
  return {
    ...(typeof title === 'string' && { title }),
    pictures,
    ...(typeof source === 'string' && { stamp: source }),
    ...(fingerprint !== undefined && { fingerprint }),
  };
}
