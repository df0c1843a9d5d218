/** What the audit log records an account doing. */
export type AuditAction =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-out'
  | 'password-change'
  | 'username-change'
  | 'status-change'
  | 'follow-up'
  | 'note'
  | 'contact'
  | 'assignment'
  | 'application'
  | 'export'
  | 'delete'
  | 'account-add'
  | 'account-remove'
  | 'account-role'
  | 'account-casework'
  | 'person-search'
  | 'erasure'
  | 'retention'
  | 'privacy-request'
  | 'second-factor-add'
  | 'second-factor-remove'
  | 'second-factor-reset'
  | 'identity-confirm'
  | 'expected-campaign-add'
  | 'expected-campaign-remove'
  | 'read'
  | 'read-refused'
  | 'page-save'
  | 'page-discard'
  | 'page-publish'
  | 'page-rollback'
  | 'page-add'
  | 'page-remove'
  | 'page-submit'
  | 'page-review-publish'
  | 'page-review-return'
  | 'picture-add'
  | 'picture-remove'
  | 'document-request'
  | 'document-revoke'
  | 'document-email'
  | 'document-upload'
  | 'document-download'
  | 'whatsapp-reply'
  | 'whatsapp-template'
  | 'whatsapp-status-update'
  | 'whatsapp-link'
  | 'whatsapp-enquiry'
  | 'whatsapp-media'
  | 'whatsapp-cap';

/** A line of the audit log: who did what, when, to which enquiry. Never the enquiry's contents. */
export interface AuditEntry {
  id: string;
  at: string;
  account: string | null;
  /** The account's permanent id, which a change of username does not change. */
  accountId?: string;
  action: AuditAction;
  enquiryId?: string;
  detail?: string;
}
