import accountChange from '../../../schemas/admin/accountChange.schema.json' with { type: 'json' };
import enquiryChange from '../../../schemas/admin/enquiryChange.schema.json' with { type: 'json' };
import erasure from '../../../schemas/admin/erasure.schema.json' with { type: 'json' };
import expectedCampaign from '../../../schemas/admin/expectedCampaign.schema.json' with { type: 'json' };
import newAccount from '../../../schemas/admin/newAccount.schema.json' with { type: 'json' };
import contact from '../../../schemas/admin/contact.schema.json' with { type: 'json' };
import changeSet from '../../../schemas/admin/changeSet.schema.json' with { type: 'json' };
import contentCheck from '../../../schemas/admin/contentCheck.schema.json' with { type: 'json' };
import newPage from '../../../schemas/admin/newPage.schema.json' with { type: 'json' };
import note from '../../../schemas/admin/note.schema.json' with { type: 'json' };
import newApplication from '../../../schemas/admin/newApplication.schema.json' with { type: 'json' };
import applicationChange from '../../../schemas/admin/applicationChange.schema.json' with { type: 'json' };
import documentRequest from '../../../schemas/admin/documentRequest.schema.json' with { type: 'json' };
import draftDiscard from '../../../schemas/admin/draftDiscard.schema.json' with { type: 'json' };
import pageDraft from '../../../schemas/admin/pageDraft.schema.json' with { type: 'json' };
import pagePublish from '../../../schemas/admin/pagePublish.schema.json' with { type: 'json' };
import pageRollback from '../../../schemas/admin/pageRollback.schema.json' with { type: 'json' };
import privacyRequestChange from '../../../schemas/admin/privacyRequestChange.schema.json' with { type: 'json' };
import reviewReturn from '../../../schemas/admin/reviewReturn.schema.json' with { type: 'json' };

/** A schema whose fields carry the messages staff see when a value is refused. */
export interface BodySchema {
  $id: string;
  'x-messages'?: Partial<Record<string, string>>;
  properties: Record<string, { 'x-messages'?: Partial<Record<string, string>> }>;
}

/** The bodies the admin API accepts, checked by the same compiled validators as the forms. */
export const ADMIN_BODY_SCHEMAS = {
  enquiryChange,
  note,
  newApplication,
  applicationChange,
  documentRequest,
  contact,
  newAccount,
  accountChange,
  privacyRequestChange,
  erasure,
  pageDraft,
  draftDiscard,
  changeSet,
  pagePublish,
  pageRollback,
  contentCheck,
  newPage,
  reviewReturn,
  expectedCampaign,
} satisfies Record<string, BodySchema>;
export type AdminBodyKind = keyof typeof ADMIN_BODY_SCHEMAS;
