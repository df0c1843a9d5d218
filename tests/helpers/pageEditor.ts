import type { Page } from 'playwright';
import { expect } from 'vitest';

/** Waits until the page editor says the draft is saved (its autosave runs a moment after typing stops). */
export const draftSaved = (page: Page) =>
  expect
    .poll(
      () =>
        page
          .getByRole('status')
          .filter({ hasText: /^Draft saved/ })
          .count(),
      { timeout: 20_000 },
    )
    .toBe(1);
