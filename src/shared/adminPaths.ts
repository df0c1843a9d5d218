/**
 * The endpoints the admin screens call: the firm's original list and delete endpoints, the
 * /admin/ session endpoints and the lead desk's /admin/api/. Shared by the server, the admin
 * pages and the content check, which keeps YAML pages off these addresses.
 */
export const ADMIN_API = {
  login: '/admin/login',
  logout: '/admin/logout',
  session: '/admin/session',
  resetPassword: '/admin/reset-password',
  resetUsername: '/admin/reset-username',
  testNotification: '/admin/test-notification',
  listAbout: '/fetchaboutdata',
  listContact: '/fetchcontactusdata',
  deleteAbout: '/deleteproduct',
  deleteContact: '/deletecontact',
  /** The lead desk's own API, used by the screens at /table. */
  enquiries: '/admin/api/enquiries',
  enquiry: '/admin/api/enquiries/:id',
  notes: '/admin/api/enquiries/:id/notes',
  /** Records a call or WhatsApp message to the enquirer. */
  contact: '/admin/api/enquiries/:id/contact',
  applications: '/admin/api/enquiries/:id/applications',
  application: '/admin/api/enquiries/:id/applications/:applicationId',
  /** Requests for documents through a private link, and the documents sent (a document downloads as an attachment). */
  documentRequests: '/admin/api/enquiries/:id/document-requests',
  documentRequest: '/admin/api/enquiries/:id/document-requests/:requestId',
  documentRequestEmail: '/admin/api/enquiries/:id/document-requests/:requestId/email',
  documents: '/admin/api/enquiries/:id/documents',
  document: '/admin/api/enquiries/:id/documents/:documentId',
  exportCsv: '/admin/api/enquiries.csv',
  stats: '/admin/api/stats',
  /** The signed-in advisor's daily list, as the e-mail at the start of the working day carries it. */
  today: '/admin/api/today',
  /** Visits, campaigns and referring sites with their enquiries, for 7, 30 or 90 days (?days=). */
  visitStats: '/admin/api/stats/visits',
  visitStatsCsv: '/admin/api/stats/visits.csv',
  /** The campaigns and sources owners expect (counted as themselves whatever else arrives). */
  expectedCampaigns: '/admin/api/stats/campaigns',
  expectedCampaign: '/admin/api/stats/campaigns/:name',
  /** The desk's board: a page of each open status's enquiries (?assignedTo=me), or the next page of one (?stage=&cursor=). */
  board: '/admin/api/board',
  /** What became of a period's enquiries (?from=&to=, India days), per advisor, source page and campaign; owners only. */
  pipelineStats: '/admin/api/stats/pipeline',
  pipelineStatsCsv: '/admin/api/stats/pipeline.csv',
  backups: '/admin/api/backups',
  accounts: '/admin/api/accounts',
  account: '/admin/api/accounts/:username',
  audit: '/admin/api/audit',
  privacyRequests: '/admin/api/privacy-requests',
  privacyRequest: '/admin/api/privacy-requests/:id',
  person: '/admin/api/person',
  personExport: '/admin/api/person.json',
  erasure: '/admin/api/erasure',
  /** The signed-in account's own second factors. */
  mfa: '/admin/api/mfa',
  /** The password and a current factor again, before a change of factors. */
  confirmIdentity: '/admin/api/mfa/confirm',
  totp: '/admin/api/mfa/totp',
  totpQr: '/admin/api/mfa/totp/qr.svg',
  totpConfirm: '/admin/api/mfa/totp/confirm',
  recoveryCodes: '/admin/api/mfa/recovery-codes',
  passkeyOptions: '/admin/api/mfa/passkeys/options',
  passkeys: '/admin/api/mfa/passkeys',
  passkey: '/admin/api/mfa/passkeys/:id',
  /** An owner removes another account's second factors. */
  accountMfa: '/admin/api/accounts/:username/mfa',
  /** Signing in with a passkey, instead of a password and code. */
  passkeySignInOptions: '/admin/passkey-login/options',
  passkeySignIn: '/admin/passkey-login',
  /** The page editor: content files, their drafts, publishes and revisions (`:file` is the path, encoded: mr%2Fclcss.yaml). */
  pages: '/admin/api/pages',
  page: '/admin/api/pages/:file',
  /** Pictures uploaded in the page editor (`:name` is the file in images/: shop-front.jpg). */
  pictures: '/admin/api/pictures',
  picture: '/admin/api/pictures/:name',
  pageDraft: '/admin/api/pages/:file/draft',
  /** Drafts of several files saved at once, all or none (a menu change in every language). */
  drafts: '/admin/api/drafts',
  pagePublish: '/admin/api/pages/:file/publish',
  pageRevisions: '/admin/api/pages/:file/revisions',
  pageRevision: '/admin/api/pages/:file/revisions/:revision',
  pageRollback: '/admin/api/pages/:file/rollback',
  pageEnglish: '/admin/api/pages/:file/english',
  contentCheck: '/admin/api/content/check',
  contentPreview: '/admin/api/content/preview',
  contentOutlines: '/admin/api/content/outlines',
  /** Whether the latest published content passes the check on this server, and if not, why. */
  contentStatus: '/admin/api/content/status',
  /** The link check's last run with the links it found broken, and the pages whose sources are due for review. */
  contentSources: '/admin/api/content/sources',
  /** Editors' changes waiting for an owner: the list, one of them, and an owner's two decisions. */
  submissions: '/admin/api/submissions',
  submission: '/admin/api/submissions/:id',
  submissionPublish: '/admin/api/submissions/:id/publish',
  submissionReturn: '/admin/api/submissions/:id/return',
} as const;

/** A path with its :parameters filled in, each encoded. */
export function pathTo(template: string, parameters: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(parameters[name] ?? ''));
}
