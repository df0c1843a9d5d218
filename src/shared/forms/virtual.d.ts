declare module 'virtual:form-validators' {
  import type { ValidateFunction } from 'ajv';
  export const about: ValidateFunction;
  export const contact: ValidateFunction;
  export const privacy: ValidateFunction;
}

declare module 'virtual:body-validators' {
  import type { ValidateFunction } from 'ajv';
  export const enquiryChange: ValidateFunction;
  export const note: ValidateFunction;
  export const newAccount: ValidateFunction;
  export const accountChange: ValidateFunction;
  export const privacyRequestChange: ValidateFunction;
  export const erasure: ValidateFunction;
}

declare module 'virtual:form-validator/*' {
  import type { ValidateFunction } from 'ajv';
  export const validate: ValidateFunction;
}
