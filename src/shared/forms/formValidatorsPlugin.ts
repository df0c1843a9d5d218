import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';
import { BODY_SCHEMAS } from './bodySchemas.js';
import { FORM_SCHEMAS } from './formSchemas.js';

const ID = 'virtual:form-validators';
const ANNOTATIONS = ['x-endpoint', 'x-submit', 'x-success', 'x-input', 'x-autocomplete', 'x-hint', 'x-options', 'x-messages'];

/**
 * Compiles the form schemas and the admin API's body schemas with ajv into plain
 * validation functions at build time.
 * The browser and the server import this same module, so they cannot disagree, and the
 * browser does not download ajv itself.
 */
export function formValidatorsPlugin(): Plugin {
  return {
    name: 'form-validators',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      const ajv = new Ajv2020({ allErrors: true, strict: true, code: { source: true, esm: true } });
      for (const keyword of ANNOTATIONS) ajv.addKeyword({ keyword });
      const exports: Record<string, string> = {};
      for (const [kind, schema] of Object.entries({ ...FORM_SCHEMAS, ...BODY_SCHEMAS })) {
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
