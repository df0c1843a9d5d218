import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { totpCode } from '../../../api/auth/totpCodes';
import { memoryApiPerTest } from '../../../tests/helpers/memoryApi';
import { renderAdmin } from '../../../tests/helpers/renderAdmin';
import { SecurityPanel } from './SecurityPanel';

// An account's own second factors, against the real routes in memory (tests/helpers/memoryApi.ts).
const memoryApi = memoryApiPerTest();

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Signs in as a staff member and opens the screen: at once (the password just typed holds for
 * five minutes), or `later`, once that has run out (the clock of both the page and the server moved on).
 */
async function openSecurity({ later = false } = {}) {
  const api = await memoryApi();
  await api.signIn('ravi', 'staff');
  if (later) vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
  const onEnrolled = vi.fn();
  renderAdmin(<SecurityPanel onEnrolled={onEnrolled} />);
  await screen.findByRole('heading', { name: later ? 'Confirm it is you' : 'Authenticator app' });
  return { ...api, onEnrolled, user: userEvent.setup() };
}

const notice = (text: string | RegExp) => screen.findByText(text, { selector: '.desk-notice' });

/** The staff member confirms it is them with their password (the test accounts' own: "<name> pass phrase"). */
async function confirmIdentity(api: Awaited<ReturnType<typeof openSecurity>>, password = 'ravi pass phrase') {
  await api.user.type(screen.getByLabelText('Password'), password);
  await api.user.click(screen.getByRole('button', { name: 'Confirm' }));
}

test('past five minutes, nothing can be changed until the password is confirmed again; a wrong one is refused', async () => {
  const api = await openSecurity({ later: true });
  expect(screen.getByText('0 passkeys, 0 of 10 recovery codes unused.')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Set up an authenticator app' })).toBeNull();
  await confirmIdentity(api, 'not my password');
  expect(await notice(/./)).toHaveClass('desk-notice--error');
  expect(screen.getByRole('form', { name: 'Confirm it is you' })).toBeVisible();
  expect(api.calls).not.toContain('POST /admin/api/mfa/totp');

  await api.user.clear(screen.getByLabelText('Password'));
  await confirmIdentity(api);
  expect(await screen.findByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  expect(screen.queryByRole('form', { name: 'Confirm it is you' })).toBeNull();
});

test('an authenticator app is set up with the code it shows, and the ten recovery codes are shown once', async () => {
  const api = await openSecurity();
  await api.user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
  expect(await screen.findByRole('img', { name: 'QR code to set up your authenticator app' })).toBeVisible();
  // The staff member's phone: the key typed in, the code it shows.
  const secret = screen.getByText(/^[A-Z2-7]{32}$/).textContent;

  await api.user.type(screen.getByLabelText('Code from the app'), '000000');
  await api.user.click(screen.getByRole('button', { name: 'Confirm the app' }));
  expect(await notice(/./)).toHaveClass('desk-notice--error');
  expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();

  await api.user.clear(screen.getByLabelText('Code from the app'));
  await api.user.type(screen.getByLabelText('Code from the app'), await totpCode(secret, Date.now()));
  await api.user.click(screen.getByRole('button', { name: 'Confirm the app' }));
  const codes = await screen.findByRole('list', { name: 'Recovery codes' });
  expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
  expect(api.onEnrolled).not.toHaveBeenCalled();

  await api.user.click(screen.getByRole('button', { name: 'I have kept these codes' }));
  expect(api.onEnrolled).toHaveBeenCalledOnce();
  expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  await waitFor(() => expect(screen.getByText(/^Set up\. You sign in with your password and the 6-digit code/)).toBeVisible());
  expect(screen.getByText(/^10 of 10 unused\./)).toBeVisible();
});
