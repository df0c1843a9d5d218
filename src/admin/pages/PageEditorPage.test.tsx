import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { stubResizeObserver } from '../../../tests/helpers/browserStubs';
import { memoryApiPerTest } from '../../../tests/helpers/memoryApi';
import { renderAdmin } from '../../../tests/helpers/renderAdmin';
import { ADMIN_PAGES } from '../../shared/adminPages';
import PageEditorPage from './PageEditorPage';

// The page editor against the real routes in memory (tests/helpers/memoryApi.ts), over the test
// site's handful of pages (tests/helpers/site/), so each check of a draft takes a moment.
const memoryApi = memoryApiPerTest();
beforeEach(stubResizeObserver);

/** An owner signs in and opens `file` in the editor's form view. */
async function openPage(file: string) {
  const api = await memoryApi();
  await api.signIn('asha');
  renderAdmin({ [`${ADMIN_PAGES.pages}/*`]: <PageEditorPage /> }, { route: `${ADMIN_PAGES.pages}/${file}` });
  expect(await screen.findByRole('heading', { level: 2, name: `Form of ${file}` })).toBeVisible();
  return { ...api, user: userEvent.setup() };
}

const publish = () => screen.getByRole('button', { name: 'Publish' });
/** The check's heading, once it counts `errors`. */
const checked = (errors: number) => screen.findByRole('heading', { name: new RegExp(`^Check: ${errors} errors?, \\d+ warnings?$`) });

test('a title changed in the form is saved as a draft, checked, and published for visitors', async () => {
  const { user, call, logIn } = await openPage('about.yaml');
  await user.type(screen.getByLabelText('Page title'), ' and Our Team');
  // Publishing waits for the draft the typing makes to be saved and checked.
  expect(publish()).toBeDisabled();
  expect(await screen.findByText(/^Draft saved \(revision \d+\), not published yet\./)).toBeVisible();
  await checked(0);
  await waitFor(() => expect(publish()).toBeEnabled());

  await user.click(screen.getByLabelText('Note for the history (optional)'));
  await user.paste('The team is on this page now');
  await user.click(publish());
  // The result is beside the button, and the focus moves to it; Publish waits for the next change.
  const result = await screen.findByText(/^Published as revision \d+: visitors see it now\.$/, { selector: '.desk-notice' });
  expect(result.closest('.pages-actions')).toContainElement(publish());
  expect(document.activeElement).toContainElement(result);
  expect(publish()).toBeDisabled();
  expect(publish()).toHaveAccessibleDescription('Nothing to publish: the text is what visitors see. Change something first.');
  const live = await call('GET', `/admin/api/pages/${encodeURIComponent('about.yaml')}`, { cookie: await logIn('asha') });
  expect((live.json.published as { source: string }).source).toMatch(/^title: About Us and Our Team$/m);
});

test('an emptied field is an error of the check, shown at its field, and Publish waits until it is fixed', async () => {
  const { user } = await openPage('about.yaml');
  await user.clear(screen.getByLabelText(/^Description for search engines/));
  const heading = await checked(1);
  expect(publish()).toBeDisabled();
  expect(publish()).toHaveAccessibleDescription('Fix the problems first.');
  expect(screen.getByRole('link', { name: '1 problem to fix' })).toBeVisible();
  const problems = heading.closest('section')!;
  expect(within(problems).getByText(/^in Description for search engines: /)).toBeVisible();

  // Pasted whole: the form is drawn again at every key, and a sentence typed key by key costs seconds in jsdom.
  await user.click(screen.getByLabelText(/^Description for search engines/));
  await user.paste('Who we are, where our office is and how we work with MSMEs, startups and borrowers.');
  await checked(0);
  await waitFor(() => expect(publish()).toBeEnabled());
});

test('a draft of a live page is thrown away after a confirmation: the editor shows the live text again', async () => {
  const { user } = await openPage('about.yaml');
  const title = screen.getByLabelText('Page title');
  const live = (title as HTMLInputElement).value;
  await user.type(title, ' draft');
  expect(await screen.findByText(/^Draft saved \(revision \d+\), not published yet\./)).toBeVisible();
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
  await user.click(screen.getByRole('button', { name: 'Discard the draft' }));
  expect(confirm).toHaveBeenCalledWith('Throw away your unpublished changes? The editor then shows what visitors see now.');
  expect(await screen.findByText('Draft thrown away: the text is what visitors see now.')).toBeVisible();
  await waitFor(() => expect(screen.getByLabelText('Page title')).toHaveValue(live));
  expect(screen.queryByRole('button', { name: 'Discard the draft' })).toBeNull();
  expect(publish()).toBeDisabled();
});
