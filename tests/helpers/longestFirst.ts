import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, measured in CI (bash .ci/run), longest first. With several
 * workers, starting them first keeps every worker busy to the end instead of leaving one long
 * file running alone; a fresh clone has no timings of its own to order by.
 */
const LONGEST = [
  'tests/walk/allPages.test.ts',
  'tests/browser/blockWalk.test.ts',
  'tests/browser/performance.test.ts',
  'tests/site/validHtml.test.ts',
  'tests/browser/shell.test.ts',
  'tests/browser/admin.test.ts',
  'tests/server/security.test.ts',
  'tests/server/securityStorage.test.ts',
  'tests/server/postgres.test.ts',
  'tests/browser/emi.test.ts',
  'tests/browser/pageEditor.test.ts',
];

const rank = (spec: TestSpecification) => {
  const found = LONGEST.findIndex((file) => spec.moduleId.endsWith(file));
  return found === -1 ? LONGEST.length : found;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
