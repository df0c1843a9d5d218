declare module 'virtual:form-validators' {
  import type { ValidateFunction } from 'ajv';
  export const about: ValidateFunction;
  export const contact: ValidateFunction;
}
