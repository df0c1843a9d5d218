import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { stubResizeObserver } from '../../../tests/helpers/browserStubs';
import { memoryApiPerTest } from '../../../tests/helpers/memoryApi';
import { renderAdmin } from '../../../tests/helpers/renderAdmin';
import { ADMIN_PAGES } from '../../shared/adminPages';
import PageEditorPage from './PageEditorPage';
import PagesListPage from './PagesListPage';

// The page editor against the real routes in memory (tests/helpers/memoryApi.ts), over the site in pages-data/.
const memoryApi = memoryApiPerTest();
// Each check and preview of the whole page goes through the real content check: seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });
beforeEach(stubResizeObserver);

const SCREENS = { [ADMIN_PAGES.pages]: <PagesListPage />, [`${ADMIN_PAGES.pages}/*`]: <PageEditorPage /> };

type Api = Awaited<ReturnType<typeof memoryApi>>;

/** An owner signs in and opens `route` (the list of pages, or a file in the editor), once `before` has run. */
async function open(route: string, before: (api: Api) => Promise<void> = async () => {}) {
  const api = await memoryApi();
  await api.signIn('asha');
  await before(api);
  renderAdmin(SCREENS, { route });
  return { ...api, user: userEvent.setup() };
}

/** Saves a draft of `file` through the API, as another editor would: its text as live, with `change` made. */
async function saveDraft(api: Api, file: string, change: (text: string) => string) {
  const cookie = await api.logIn('asha');
  const path = `/admin/api/pages/${encodeURIComponent(file)}`;
  const opened = await api.call('GET', path, { cookie });
  const live = opened.json.published as { source: string };
  const saved = await api.call('PUT', `${path}/draft`, { cookie, body: { source: change(live.source), basedOn: opened.json.head } });
  if (saved.status !== 200) throw new Error(`The draft of ${file} was not saved: ${saved.text}`);
}

const publish = () => screen.getByRole('button', { name: 'Publish' });
const notice = (text: string | RegExp) => screen.findByText(text, { selector: '.desk-notice' });

/** Starts a new page at `address` from the list (from an empty scheme page, or a copy of the page at `copy`) and waits for the editor. */
async function startPage(user: ReturnType<typeof userEvent.setup>, address: string, copy?: RegExp) {
  await user.type(await screen.findByLabelText('Web address'), address);
  if (copy)
    await user.selectOptions(
      screen.getByLabelText('Start from'),
      within(screen.getByLabelText('Start from')).getByRole('option', { name: copy }),
    );
  await user.click(screen.getByRole('button', { name: 'Start the page' }));
  expect(await screen.findByRole('heading', { level: 2, name: `Form of ${address}.yaml` })).toBeVisible();
}

/** The check's heading, once it counts `errors`. */
const checked = (errors: RegExp) => screen.findByRole('heading', { name: new RegExp(`^Check: ${errors.source} errors?, \\d+ warnings?$`) });

test('an empty scheme page opens as a saved draft whose every placeholder is an error to fix, each shown at its field', async () => {
  const { user } = await open(ADMIN_PAGES.pages);
  await startPage(user, 'solar-rooftop');
  expect(await screen.findByText('Draft saved (revision 1).')).toBeVisible();
  const heading = await checked(/[1-9]\d*/);
  const before = Number(/\d+/.exec(heading.textContent)![0]);
  expect(publish()).toBeDisabled();
  expect(publish()).toHaveAccessibleDescription('Fix the errors listed below first.');
  const problems = heading.closest('section')!;
  expect(within(problems).getByText(/^in Page title: Write the page’s title\.$/)).toBeVisible();

  await user.click(within(problems).getByRole('button', { name: /^Show Page title/ }));
  expect(screen.getByLabelText('Page title')).toHaveFocus();
  await user.clear(screen.getByLabelText('Page title'));
  await user.type(screen.getByLabelText('Page title'), 'Rooftop solar loans');
  await checked(new RegExp(String(before - 1)));
  expect(within(problems).queryByText(/in Page title/)).toBeNull();
  expect(publish()).toBeDisabled();
});

test('Publish waits for the draft to be saved; a page started from a copy is published with the site file', async () => {
  const { user } = await open(ADMIN_PAGES.pages);
  await startPage(user, 'solar-rooftop', /^\/homeloan · /);
  await checked(/0/);
  await waitFor(() => expect(publish()).toBeEnabled());

  // A change is saved as a draft a moment after the typing stops; until then there is nothing to publish.
  await user.type(screen.getByLabelText('Page title'), ' for rooftop solar');
  expect(publish()).toBeDisabled();
  expect(publish()).toHaveAccessibleDescription('Publishing waits for the draft to be saved.');
  await waitFor(() => expect(publish()).toBeEnabled());

  await user.type(screen.getByLabelText('Note for the history (optional)'), 'New page for rooftop solar loans');
  await user.click(publish());
  // A new page goes live with the site file, whose list of pages not yet translated now names it.
  expect(await notice(/^Published as revision \d+, with _site\.yaml: visitors see it now\.$/)).toBeVisible();
  expect(screen.getByLabelText('Note for the history (optional)')).toHaveValue('');
});

test('a translation’s draft is published with its English page when ticked, and then shown beside the English', async () => {
  const { user } = await open(`${ADMIN_PAGES.pages}/homeloan.yaml`, (api) =>
    saveDraft(api, 'mr/homeloan.yaml', (text) => text.replace(/^title: .*$/m, 'title: गृहकर्ज योजना')),
  );
  const together = await screen.findByRole('group', { name: 'Publish together with' });
  const marathi = within(together).getByRole('checkbox', { name: /^mr\/homeloan\.yaml, draft saved by asha on / });
  expect(marathi).not.toBeChecked();
  expect(within(together).getByRole('link', { name: 'Open mr/homeloan.yaml' })).toHaveAttribute('href', '/admin/pages/mr/homeloan.yaml');

  await user.type(screen.getByLabelText('Page title'), ' in Sambhajinagar');
  await user.click(marathi);
  expect(marathi).toBeChecked();
  await waitFor(() => expect(publish()).toBeEnabled());
  await user.click(publish());
  expect(await notice(/^Published as revision \d+, with mr\/homeloan\.yaml: visitors see it now\.$/)).toBeVisible();
  expect(screen.queryByRole('group', { name: 'Publish together with' })).toBeNull();

  // The Marathi file in the editor: each English text beside the translation's at the same place.
  cleanup();
  renderAdmin(SCREENS, { route: `${ADMIN_PAGES.pages}/mr/homeloan.yaml` });
  expect(await screen.findByRole('heading', { level: 2, name: 'Beside the English (homeloan.yaml)' })).toBeVisible();
  const pairs = screen.getByRole('region', { name: 'The English and this translation, text by text' });
  const title = within(pairs).getByRole('rowheader', { name: 'Page title' }).closest('tr')!;
  expect(
    within(title)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Home Loan in Sambhajinagar', 'गृहकर्ज योजना']);
  expect(screen.getByText(/^The English has not changed since this translation was made\./)).toBeVisible();
});
