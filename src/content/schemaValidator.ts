import { existsSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { fileURLToPath } from 'node:url';
import {
  blockSchemaFiles,
  blocksSchemaFile,
  deskSchemaFile,
  pageSchemaFile,
  partsSchemaFile,
  privacySchemaFile,
  siteSchemaFile,
  firmSchemaFile,
  siteTranslationSchemaFile,
  styleSchemaFile,
  uiSchemaFile,
  uiSectionSchemaFiles,
  formsWordsSchemaFile,
  glossarySchemaFile,
} from './contentSchemas.js';

/**
 * What the custom keywords found in the file being validated: the addresses it links to and the
 * pictures it names. Whether they exist is a question about the whole site, asked once every
 * file is read (checkContent), so a file's own check can be kept while other files change.
 */
export interface FileReferences {
  links: { route: string; instancePath: string }[];
  images: { src: string; instancePath: string }[];
}

export interface ContentValidators {
  page: ValidateFunction;
  site: ValidateFunction;
  desk: ValidateFunction;
  style: ValidateFunction;
  privacy: ValidateFunction;
  ui: ValidateFunction;
  siteTranslation: ValidateFunction;
  forms: ValidateFunction;
  glossary: ValidateFunction;
}

/** The module a page imports for an icon; lucide-react ships one file per icon. */
export function iconModule(name: string): string {
  return `lucide-react/icons/${name}`;
}

// The installed icons do not change while the process runs, and the editor checks every draft.
const knownIcons = new Map<string, boolean>();

export function iconExists(name: string): boolean {
  let exists = knownIcons.get(name);
  if (exists === undefined) {
    exists = existsSync(fileURLToPath(import.meta.resolve(iconModule(name))));
    knownIcons.set(name, exists);
  }
  return exists;
}

type Problem = Partial<ErrorObject> | undefined;

/** A keyword's check, called by ajv only on values of its JSON type (the schema reports other types). */
type KeywordCheck =
  | { type: 'string'; check: (value: string, instancePath: string) => Problem }
  | { type: 'object'; check: (value: Record<string, unknown>, instancePath: string) => Problem };

/**
 * JSON Schema cannot see other files, so these keywords note what a file links to and which
 * pictures it names (checked against the site afterwards), and turn an unknown icon or an
 * over-long typing stop into an ordinary schema error at the exact value.
 */
function keywordChecks(found: { current: FileReferences }): Record<string, KeywordCheck> {
  return {
    'x-route-link': {
      type: 'string',
      check: (route, instancePath) => {
        // The pattern reports a malformed address.
        if (route.startsWith('/')) found.current.links.push({ route, instancePath });
        return undefined;
      },
    },
    'x-image-file': {
      type: 'string',
      check: (src, instancePath) => {
        found.current.images.push({ src, instancePath });
        return undefined;
      },
    },
    'x-icon': {
      type: 'string',
      check: (name) =>
        iconExists(name) ? undefined : { message: `"${name}" is not an icon in the Lucide set; pick one from https://lucide.dev/icons` },
    },
    'x-stop-within-text': {
      type: 'object',
      check: (typing, instancePath) =>
        typeof typing.text === 'string' && typeof typing.stopAt === 'number' && typing.stopAt > typing.text.length
          ? {
              instancePath: `${instancePath}/stopAt`,
              message: `is ${typing.stopAt}, but the text has only ${typing.text.length} characters`,
            }
          : undefined,
    },
  };
}

/** The compiled validators, and where their keywords note what the file being validated refers to. */
let compiled: { validators: ContentValidators; found: { current: FileReferences } } | undefined;

/**
 * Validates `data` with one of the content's validators, compiled once per process (the server
 * checks every draft with them), and gives what the file refers to; a check is synchronous,
 * so no two overlap.
 */
export function validateWith(
  kind: keyof ContentValidators,
  data: unknown,
): { validate: ValidateFunction; valid: boolean; references: FileReferences } {
  compiled ??= compileValidators();
  const references: FileReferences = { links: [], images: [] };
  compiled.found.current = references;
  const validate = compiled.validators[kind];
  return { validate, valid: validate(data), references };
}

function compileValidators(): { validators: ContentValidators; found: { current: FileReferences } } {
  const found = { current: { links: [], images: [] } as FileReferences };
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    discriminator: true,
    strict: true,
    strictTuples: false,
    strictRequired: false,
    strictTypes: false,
    allowUnionTypes: true,
  });
  addFormats(ajv, ['date', 'email', 'uri']);
  addErrors(ajv);
  ajv.addKeyword('tsType'); // read by json-schema-to-typescript only
  for (const [keyword, definition] of Object.entries(keywordChecks(found))) {
    ajv.addKeyword({
      keyword,
      type: definition.type,
      schemaType: 'boolean',
      errors: true,
      validate: function validate(this: unknown, _schema: boolean, data: unknown, _parent: unknown, cxt?: { instancePath: string }) {
        const at = cxt?.instancePath ?? '';
        // ajv calls this only for data of definition.type, so the casts hold.
        const problem =
          definition.type === 'string' ? definition.check(data as string, at) : definition.check(data as Record<string, unknown>, at);
        (validate as { errors?: Partial<ErrorObject>[] }).errors = problem ? [{ keyword, params: {}, ...problem }] : [];
        return !problem;
      },
    });
  }
  for (const { schema } of [
    partsSchemaFile,
    firmSchemaFile,
    siteSchemaFile,
    ...uiSectionSchemaFiles,
    ...blockSchemaFiles,
    blocksSchemaFile,
  ])
    ajv.addSchema(schema);
  const validators = {
    page: ajv.compile(pageSchemaFile.schema),
    site: ajv.getSchema(siteSchemaFile.schema.$id)!,
    desk: ajv.compile(deskSchemaFile.schema),
    style: ajv.compile(styleSchemaFile.schema),
    privacy: ajv.compile(privacySchemaFile.schema),
    ui: ajv.compile(uiSchemaFile.schema),
    siteTranslation: ajv.compile(siteTranslationSchemaFile.schema),
    forms: ajv.compile(formsWordsSchemaFile.schema),
    glossary: ajv.compile(glossarySchemaFile.schema),
  };
  return { validators, found };
}
