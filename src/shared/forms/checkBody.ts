import * as validators from 'virtual:body-validators';
import { BODY_SCHEMAS, type BodyKind } from './bodySchemas';
import { validateBody, type BodyCheck } from './validateBody';

/** One of the admin API's bodies (see bodySchemas.ts). */
export function checkBody<T>(kind: BodyKind, body: unknown): BodyCheck<T> {
  return validateBody<T>(BODY_SCHEMAS[kind], validators[kind], body);
}
