import { ADMIN_API, pathTo } from '../../shared/adminPaths';
import type { ContentOutlines, ContentProblem, PageListItem } from '../../shared/pageEditor';
import { call } from '../adminApi';

export interface OpenedFile {
  file: string;
  published: { source: string; revision: string } | null;
  draft: { source: string; revision: string; basedOn: string } | null;
  /** The newest revision, draft or publish: a save must be based on it. */
  head: string;
  /** A page (of any language), which can be removed and has blocks to insert. */
  page: boolean;
  /** The English file this one translates, or null. */
  translates: string | null;
  /** A deploy changed the file after an editor published it: the deploy's version, to compare. */
  reconcile: { deployed: string | null } | null;
  /** The same file's drafts in the other languages, which can be published with it. */
  companions: Companion[];
}

export interface Companion {
  file: string;
  /** Its draft's revision: publishing it with this file is refused once it moves on. */
  revision: string;
  at: string;
  by: string;
}

/** A translation's English file as live now, and as it was when the translation was made (null when not kept). */
export interface EnglishVersions {
  english: string;
  now: string;
  then: string | null;
}

export interface RevisionItem {
  revision: string;
  /** Null for revision 0, the file as deployed. */
  at: string | null;
  by: string | null;
  note: string | null;
  removed: boolean;
}

/** What is there now, when a save or publish was based on an older revision. */
export interface Current {
  source: string | null;
  revision: string;
  draft: boolean;
}

const withFiles = (together: readonly string[]) => (together.length > 0 ? { with: together } : {});
const at = (file: string, path: string = ADMIN_API.page) => pathTo(path, { file });

/** The page editor's calls to /admin/api/pages and /admin/api/content. */
export const pagesApi = {
  outlines: () => call<ContentOutlines>('GET', ADMIN_API.contentOutlines),
  list: () => call<{ items: PageListItem[] }>('GET', ADMIN_API.pages),
  open: (file: string) => call<OpenedFile>('GET', at(file)),
  save: (file: string, source: string, basedOn: string) =>
    call<{ revision: string; problems: ContentProblem[] }>('PUT', at(file, ADMIN_API.pageDraft), { source, basedOn }),
  check: (file: string, source: string, together: readonly string[], signal?: AbortSignal) =>
    call<{ problems: ContentProblem[] }>('POST', ADMIN_API.contentCheck, { file, source, ...withFiles(together) }, signal),
  preview: (file: string, source: string, together: readonly string[], signal?: AbortSignal) =>
    call<{ html: string } | { problems: ContentProblem[] }>(
      'POST',
      ADMIN_API.contentPreview,
      { file, source, ...withFiles(together) },
      signal,
    ),
  publish: (file: string, basedOn: string, note: string, together: readonly Companion[]) =>
    call<{ revision: string; files: string[] }>('POST', at(file, ADMIN_API.pagePublish), {
      basedOn,
      ...(note && { note }),
      ...(together.length > 0 && { with: together.map((companion) => ({ file: companion.file, basedOn: companion.revision })) }),
    }),
  english: (file: string) => call<EnglishVersions>('GET', at(file, ADMIN_API.pageEnglish)),
  revisions: (file: string) => call<{ items: RevisionItem[] }>('GET', at(file, ADMIN_API.pageRevisions)),
  revision: (file: string, revision: string) => call<{ source: string | null }>('GET', pathTo(ADMIN_API.pageRevision, { file, revision })),
  rollback: (file: string, revision: string) =>
    call<{ revision: string; files: string[] }>('POST', at(file, ADMIN_API.pageRollback), { revision }),
  add: (file: string, template: string) =>
    call<{ file: string; draft: { source: string; revision: string; basedOn: string } }>('POST', ADMIN_API.pages, { file, template }),
  remove: (file: string) => call<{ revision: string; files: string[] }>('DELETE', at(file)),
};

/** The editor's address of a content file: /admin/pages/mr/clcss.yaml. */
export const editorPath = (file: string) => `/admin/pages/${file.split('/').map(encodeURIComponent).join('/')}`;
