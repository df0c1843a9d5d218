import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';
import { BODY_SCHEMAS } from './bodySchemas.js';
import { FORM_SCHEMAS, type PublicFormKind } from './formSchemas.js';

/** The public forms' validators, which visitors' browsers download, and the admin API's, which only the server uses. */
const MODULES: Record<string, Record<string, { $id: string }>> = {
  'virtual:form-validators': FORM_SCHEMAS,
  'virtual:body-validators': BODY_SCHEMAS,
};
/** One form's validator alone, `export const validate`, which a page's form fetches when the visitor starts on it. */
const ONE_FORM = 'virtual:form-validator/';
const FORM_FILES = /\/schemas\/(aboutform|contactform|privacyrequest)\.schema\.json$/;
const ANNOTATIONS = ['x-endpoint', 'x-submit', 'x-success', 'x-input', 'x-autocomplete', 'x-hint', 'x-options', 'x-messages'];

/**
 * Compiles the form schemas (virtual:form-validators) and the admin API's body schemas
 * (virtual:body-validators) with ajv into plain validation functions at build time.
 * The browser and the server import this same module, so they cannot disagree, and the
 * browser does not download ajv itself.
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
    resolveId: (id) => (id in MODULES || id.startsWith(ONE_FORM) ? `\0${id}` : undefined),
    load(id) {
      const name = id.slice(1);
      const one = name.startsWith(ONE_FORM) ? FORM_SCHEMAS[name.slice(ONE_FORM.length) as PublicFormKind] : undefined;
      const schemas = one ? { validate: one } : id.startsWith('\0') ? MODULES[name] : undefined;
      if (!schemas) return undefined;
      const ajv = new Ajv2020({ allErrors: true, strict: true, code: { source: true, esm: true } });
      for (const keyword of ANNOTATIONS) ajv.addKeyword({ keyword });
      const exports: Record<string, string> = {};
      for (const [kind, schema] of Object.entries(schemas)) {
        ajv.addSchema(schema);
        exports[kind] = schema.$id;
      }
      // ajv's ESM output still require()s its small runtime helpers (CommonJS modules); import them instead.
      return standaloneCode(ajv, exports).replace(
        /const (\w+) = require\("([^"]+)"\)\.default;/g,
        'import $1_module from "$2"; const $1 = $1_module.default ?? $1_module;',
      );
    },
  };
}
