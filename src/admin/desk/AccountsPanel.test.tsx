import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { memoryApiPerTest } from '../../../tests/helpers/memoryApi';
import { renderAdmin } from '../../../tests/helpers/renderAdmin';
import { ADMIN_MESSAGES } from '../../shared/adminMessages';
import { AccountsPanel } from './AccountsPanel';

// The owners' list of staff accounts, against the real routes in memory (tests/helpers/memoryApi.ts).
const memoryApi = memoryApiPerTest();

afterEach(() => {
  vi.useRealTimers();
});

/** Signs asha in and opens the list: at once, or `later`, once the password she signed in with no longer counts as fresh (both clocks moved on). */
async function openAccounts(colleagues: [string, 'staff' | 'editor'][] = [], { later = false } = {}) {
  const api = await memoryApi();
  await api.signIn('asha');
  for (const [name, role] of colleagues) await api.account(name, role);
  if (later) vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
  renderAdmin(<AccountsPanel self="asha" />);
  await screen.findByRole('region', { name: 'Staff accounts, table' });
  return { ...api, user: userEvent.setup() };
}

const table = () => screen.getByRole('region', { name: 'Staff accounts, table' });
const usernames = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const notice = (text: string | RegExp) => screen.findByText(text, { selector: '.desk-notice' });

test('an owner adds a colleague: a weak first password is refused on its field, then the account is listed', async () => {
  const api = await openAccounts();
  expect(usernames()).toEqual(['asha (you)']);
  await api.user.type(screen.getByLabelText('Username'), 'ravi');
  await api.user.type(screen.getByLabelText('First password'), 'password');
  await api.user.click(screen.getByRole('button', { name: 'Add account' }));
  await waitFor(() => expect(screen.getByLabelText('First password')).toHaveAttribute('aria-invalid', 'true'));
  expect(screen.getByLabelText('First password')).toHaveAccessibleDescription(/^Error:/);
  expect(usernames()).toEqual(['asha (you)']);

  await api.user.clear(screen.getByLabelText('First password'));
  await api.user.type(screen.getByLabelText('First password'), 'river stone lamp 42');
  await api.user.click(screen.getByRole('button', { name: 'Add account' }));
  expect(await notice(/^The account ravi has been added as staff\./)).toBeVisible();
  await waitFor(() => expect(usernames()).toEqual(['asha (you)', 'ravi']));
  // The form is empty for the next one.
  expect(screen.getByLabelText('Username')).toHaveValue('');
  expect(screen.getByLabelText('First password')).toHaveValue('');

  // The same name again is refused, on the username.
  await api.user.type(screen.getByLabelText('Username'), 'ravi');
  await api.user.type(screen.getByLabelText('First password'), 'river stone lamp 43');
  await api.user.click(screen.getByRole('button', { name: 'Add account' }));
  expect(await notice(ADMIN_MESSAGES.usernameTaken)).toBeVisible();
  expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(`Error:${ADMIN_MESSAGES.usernameTaken}`);
});

test('a colleague’s role and casework are changed from their row, and the list shows what the server keeps', async () => {
  const api = await openAccounts([['ravi', 'staff']]);
  await api.user.selectOptions(screen.getByLabelText('Role of ravi'), 'owner');
  expect(await notice('ravi is now owner.')).toBeVisible();
  await waitFor(() => expect(screen.getByLabelText('Role of ravi')).toHaveValue('owner'));

  const casework = within(table()).getByRole('group', { name: 'Casework of ravi' });
  const marathi = within(casework).getByRole('checkbox', { name: /^Speaks Marathi/ });
  expect(marathi).not.toBeChecked();
  await api.user.click(marathi);
  expect(await notice('ravi speaks Marathi.')).toBeVisible();
  await waitFor(() => expect(within(casework).getByRole('checkbox', { name: /^Speaks Marathi/ })).toBeChecked());
});

test('an owner sets a colleague’s name for enquirers in each language; a name that is not letters is refused on its field', async () => {
  const api = await openAccounts([['ravi.kale', 'staff']]);
  await api.user.type(screen.getByLabelText('In English (ravi.kale)'), 'Ravi Kale');
  await api.user.type(screen.getByLabelText('In Marathi (ravi.kale)'), 'रवी काळे');
  await api.user.type(screen.getByLabelText('In Hindi (ravi.kale)'), 'ravi.kale@firm');
  await api.user.click(within(table()).getByRole('button', { name: /^Save ?the names of ravi\.kale$/ }));
  await waitFor(() => expect(screen.getByLabelText('In Hindi (ravi.kale)')).toHaveAttribute('aria-invalid', 'true'));
  expect(screen.getByLabelText('In Hindi (ravi.kale)')).toHaveAccessibleDescription(/^Error:Write the name in letters/);
  expect((await api.store.accounts.find('ravi.kale'))!.displayNames).toBeUndefined();

  await api.user.clear(screen.getByLabelText('In Hindi (ravi.kale)'));
  await api.user.click(within(table()).getByRole('button', { name: /^Save ?the names of ravi\.kale$/ }));
  expect(await notice('Enquirers read ravi.kale as Ravi Kale (English), रवी काळे (Marathi).')).toBeVisible();
  expect((await api.store.accounts.find('ravi.kale'))!.displayNames).toEqual({ en: 'Ravi Kale', mr: 'रवी काळे' });
  await waitFor(() => expect(screen.getByLabelText('In Marathi (ravi.kale)')).toHaveValue('रवी काळे'));
});

test('the only owner cannot be made staff: the server’s reason is shown and the role stays', async () => {
  const api = await openAccounts();
  await api.user.selectOptions(screen.getByLabelText('Role of asha'), 'staff');
  expect(await notice(ADMIN_MESSAGES.lastOwner)).toBeVisible();
  await waitFor(() => expect(screen.getByLabelText('Role of asha')).toHaveValue('owner'));
});

test('removing an account asks first; cancelled, nothing is sent; confirmed, the account is gone', async () => {
  const api = await openAccounts([['ravi', 'staff']]);
  const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
  const remove = within(table()).getByRole('button', { name: /^Remove ?ravi$/ });
  await api.user.click(remove);
  expect(confirm).toHaveBeenCalledWith('Remove the account ravi? Their sessions end at once.');
  expect(api.calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);
  expect(usernames()).toEqual(['asha (you)', 'ravi']);

  confirm.mockReturnValueOnce(true);
  await api.user.click(remove);
  expect(await notice('The account ravi has been removed.')).toBeVisible();
  await waitFor(() => expect(usernames()).toEqual(['asha (you)']));
});

test('past five minutes, adding an account asks for the password beside the form and then adds it; a row’s change asks in its row; cancelled, nothing changes', async () => {
  const api = await openAccounts([['ravi', 'staff']], { later: true });
  // Removing ravi asks in ravi's row; cancelled, ravi stays and the row says why.
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  await api.user.click(within(table()).getByRole('button', { name: /^Remove ?ravi$/ }));
  const inRow = within(within(table()).getByRole('row', { name: /^ravi/ })).getByRole('form', { name: 'Confirm it is you' });
  await waitFor(() => expect(within(inRow).getByLabelText('Password')).toHaveFocus());
  await api.user.click(within(inRow).getByRole('button', { name: 'Cancel' }));
  expect(await notice('Nothing was changed: it needs you to confirm it is you first.')).toBeVisible();
  expect(screen.queryByRole('form', { name: 'Confirm it is you' })).toBeNull();
  expect(usernames()).toEqual(['asha (you)', 'ravi']);

  await api.user.type(screen.getByLabelText('Username'), 'meera');
  await api.user.type(screen.getByLabelText('First password'), 'river stone lamp 42');
  await api.user.selectOptions(screen.getByLabelText('Role'), 'owner');
  await api.user.click(screen.getByRole('button', { name: 'Add account' }));
  const prompt = await screen.findByRole('form', { name: 'Confirm it is you' });
  await waitFor(() => expect(within(prompt).getByLabelText('Password')).toHaveFocus());
  expect(prompt).toHaveTextContent('Before you add or remove an account, or change its role or e-mail address, enter your password.');
  expect(usernames()).toEqual(['asha (you)', 'ravi']);
  // A wrong password is refused in the form, and nothing is added.
  await api.user.type(within(prompt).getByLabelText('Password'), 'not my password');
  await api.user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(within(prompt).getByText(/./, { selector: '.desk-notice--error' })).toBeVisible());
  await api.user.clear(within(prompt).getByLabelText('Password'));
  await api.user.type(within(prompt).getByLabelText('Password'), 'asha pass phrase');
  await api.user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
  // The account is added, and the result shows beside the button that asked.
  const added = await notice(/^The account meera has been added as owner\./);
  expect(added.closest('form')).toBe(screen.getByRole('button', { name: 'Add account' }).closest('form'));
  await waitFor(() => expect(usernames()).toEqual(['asha (you)', 'ravi', 'meera']));
  expect(screen.queryByRole('form', { name: 'Confirm it is you' })).toBeNull();
  expect(api.calls.filter((call) => call === 'POST /admin/api/accounts')).toHaveLength(2);

  // Confirmed, the next five minutes' changes go through at once, each result in its row.
  await api.user.selectOptions(screen.getByLabelText('Role of ravi'), 'owner');
  const promoted = await notice('ravi is now owner.');
  expect(promoted.closest('tr')).toBe(screen.getByLabelText('Role of ravi').closest('tr'));
}, 120_000);
