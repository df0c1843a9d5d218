declare module 'virtual:content/site' {
  const site: import('./site.generated').Site;
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
  export const routes: { path: string; load: () => Promise<import('../app/pageModule').PageModule> }[];
  export const loadNotFound: () => Promise<import('../app/pageModule').PageModule>;
}
