import type { ContentOutlines } from '../../shared/pageEditor';
import { answer, client, encoded, init, type ApiAnswer, type DataOf } from '../adminApi';

/** A content file as the editor opens it, with its drafts in the other languages (`companions`). */
export type OpenedFile = DataOf<typeof pagesApi.open>;
/** The same file's draft in another language, which can be published with it. */
export type Companion = OpenedFile['companions'][number];
/** A translation's English file as live now, and as it was when the translation was made (null when not kept). */
export type EnglishVersions = DataOf<typeof pagesApi.english>;
export type RevisionItem = DataOf<typeof pagesApi.revisions>['items'][number];

/** What is there now, when a save or publish was based on an older revision. */
export interface Current {
  source: string | null;
  revision: string;
  draft: boolean;
}

const companionsField = (companions: readonly string[]) => (companions.length > 0 ? { companions: [...companions] } : {});
const api = client.admin.api;
const page = api.pages[':file'];

/** The page editor's calls to /admin/api/pages, /admin/api/content, /admin/api/pictures and /admin/api/submissions. */
export const pagesApi = {
  // Hono's JSON type cannot follow an outline's fields down (a recursive type): the shared type says what the route sends.
  outlines: () => answer(api.content.outlines.$get()) as Promise<ApiAnswer<ContentOutlines>>,
  list: () => answer(api.pages.$get()),
  open: (file: string) => answer(page.$get({ param: encoded({ file }) })),
  save: (file: string, source: string, basedOn: string) => answer(page.draft.$put({ param: encoded({ file }), json: { source, basedOn } })),
  /** Saves several files' drafts at once, all or none. */
  saveDrafts: (files: readonly { path: string; text: string; basedOn: string }[]) =>
    answer(api.drafts.$post({ json: { files: [...files] } })),
  check: (file: string, source: string, companions: readonly string[], signal?: AbortSignal) =>
    answer(api.content.check.$post({ json: { file, source, ...companionsField(companions) } }, init(signal)), { signal }),
  preview: (file: string, source: string, companions: readonly string[], signal?: AbortSignal) =>
    answer(api.content.preview.$post({ json: { file, source, ...companionsField(companions) } }, init(signal)), { signal }),
  publish: (file: string, basedOn: string, note: string, companions: readonly { file: string; revision: string }[]) =>
    answer(
      page.publish.$post({
        param: encoded({ file }),
        json: {
          basedOn,
          ...(note && { note }),
          ...(companions.length > 0 && {
            companions: companions.map((companion) => ({ file: companion.file, basedOn: companion.revision })),
          }),
        },
      }),
    ),
  english: (file: string) => answer(page.english.$get({ param: encoded({ file }) })),
  revisions: (file: string) => answer(page.revisions.$get({ param: encoded({ file }) })),
  revision: (file: string, revision: string) => answer(page.revisions[':revision'].$get({ param: encoded({ file, revision }) })),
  rollback: (file: string, revision: string) => answer(page.rollback.$post({ param: encoded({ file }), json: { revision } })),
  /** Throws the draft away (`basedOn` its revision): the answer is what visitors see now, or null for a page never published. */
  discard: (file: string, basedOn: string) => answer(page.draft.$delete({ param: encoded({ file }), json: { basedOn } })),
  add: (file: string, template: string) => answer(api.pages.$post({ json: { file, template } })),
  remove: (file: string) => answer(page.$delete({ param: encoded({ file }) })),
  pictures: () => answer(api.pictures.$get()),
  removePicture: (name: string) => answer(api.pictures[':name'].$delete({ param: encoded({ name }) })),
  submissions: (signal?: AbortSignal) => answer(api.submissions.$get({}, init(signal)), { signal }),
  submission: (id: string) => answer(api.submissions[':id'].$get({ param: encoded({ id }) })),
  publishSubmission: (id: string) => answer(api.submissions[':id'].publish.$post({ param: encoded({ id }) })),
  returnSubmission: (id: string, note: string) => answer(api.submissions[':id'].return.$post({ param: encoded({ id }), json: { note } })),
};

/** The editor's address of a content file: /admin/pages/mr/clcss.yaml. */
export const editorPath = (file: string) => `/admin/pages/${file.split('/').map(encodeURIComponent).join('/')}`;
