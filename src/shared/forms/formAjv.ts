import { Ajv2020, type Options } from 'ajv/dist/2020.js';

/** The forms' own annotations: words and settings for the screens, which ajv must know but not check. */
const ANNOTATIONS = ['x-endpoint', 'x-submit', 'x-success', 'x-input', 'x-autocomplete', 'x-hint', 'x-options', 'x-messages'];

/** The ajv the forms and the admin API's bodies are compiled with: in the build for the browser, at start on the server. */
export function formAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, ...options });
  for (const keyword of ANNOTATIONS) ajv.addKeyword({ keyword });
  return ajv;
}
