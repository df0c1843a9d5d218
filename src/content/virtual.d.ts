declare module 'virtual:content/site' {
  const site: import('../shared/languages').SiteDetails;
  export default site;
}

declare module 'virtual:content/desk' {
  const desk: import('./desk.generated').Desk;
  export default desk;
}

declare module 'virtual:content/privacy' {
  const privacy: import('./privacy.generated').PrivacyNotice;
  export default privacy;
}

declare module 'virtual:content/routes' {
  type Load = () => Promise<import('../app/pageModule').PageModule>;
  /** `base` is the English address of the same page; `untranslated` pages show the English page with a note. */
  export const routes: { path: string; lang: string; base: string; untranslated: boolean; load: Load }[];
  export const notFound: Record<string, Load>;
}

declare module 'virtual:content/languages' {
  export const languages: { code: string; name: string }[];
  export const loaders: Record<string, () => Promise<{ default: import('../shared/languages').LanguageWords }>>;
}

declare module 'virtual:devanagari-fonts.css';
