declare module 'virtual:form-validator/*' {
  import type { ValidateFunction } from 'ajv';
  export const validate: ValidateFunction;
}
