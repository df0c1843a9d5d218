import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';
import { formAjv } from './formAjv.js';
import { FORM_SCHEMAS, type PublicFormKind } from './formSchemas.js';

/** One form's validator alone, `export const validate`, which a page's form fetches when the visitor starts on it. */
const ONE_FORM = 'virtual:form-validator/';
const FORM_FILES = /\/schemas\/(aboutform|contactform|privacyrequest|statusform)\.schema\.json$/;

/**
 * Compiles each public form's schema with ajv into a plain validation function at build
 * time, so the browser checks a form exactly as the server will (api/forms/formChecks.ts
 * compiles the same schemas) without downloading ajv itself.
 */
export function formValidatorsPlugin(): Plugin {
  return {
    name: 'form-validators',
    enforce: 'pre',
    // The form schemas' descriptions are notes for authors: the site never shows them, so they stay out of the bundles.
    transform(code, id) {
      if (!FORM_FILES.test(id)) return undefined;
      return JSON.stringify(JSON.parse(code), (key, value: unknown) => (key === 'description' ? undefined : value));
    },
    resolveId: (id) => (id.startsWith(ONE_FORM) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${ONE_FORM}`)) return undefined;
      const schema = FORM_SCHEMAS[id.slice(1 + ONE_FORM.length) as PublicFormKind];
      if (!schema) return undefined;
      const ajv = formAjv({ code: { source: true, esm: true } });
      ajv.addSchema(schema);
      // ajv's ESM output still require()s its small runtime helpers (CommonJS modules); import them instead.
      return standaloneCode(ajv, { validate: schema.$id }).replace(
        /const (\w+) = require\("([^"]+)"\)\.default;/g,
        'import $1_module from "$2"; const $1 = $1_module.default ?? $1_module;',
      );
    },
  };
}
