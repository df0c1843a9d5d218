import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { memoryApiPerTest } from '../../../tests/helpers/memoryApi';
import { renderAdmin } from '../../../tests/helpers/renderAdmin';
import { EnquiryView } from './EnquiryView';

// An enquiry opened on the desk, its forms working against the real routes in memory (tests/helpers/memoryApi.tsx).
const memoryApi = memoryApiPerTest();

/** Signs in (an owner unless told), with `colleagues` on the desk, and opens a new enquiry from Sunita Patil. */
async function openEnquiry({
  as = 'asha',
  role = 'owner',
  colleagues = [],
}: { as?: string; role?: 'owner' | 'staff'; colleagues?: [string, 'staff' | 'editor'][] } = {}) {
  const api = await memoryApi();
  await api.signIn(as, role);
  for (const [name, colleagueRole] of colleagues) await api.account(name, colleagueRole);
  const enquiry = await api.store.enquiries.add({
    form: 'contact',
    fields: { name: 'Sunita Patil', number: '+919822012345', enquiry: 'other' },
  });
  const open = async () => {
    renderAdmin(<EnquiryView id={enquiry._id} owner={role === 'owner'} advisor={{ username: as, displayNames: {} }} />);
    await screen.findByRole('heading', { level: 2, name: 'Sunita Patil' });
  };
  await open();
  /** Closes the enquiry and opens it again, as the server now has it. */
  const reopen = async () => {
    cleanup();
    await open();
  };
  return { ...api, enquiry, reopen, user: userEvent.setup() };
}

const meta = () => screen.getByText(/^Reference/);
// jsdom joins the visible and the visually hidden words of the button's name without the space a browser keeps.
const SAVE_SBI = /^Save status ?of the application to State Bank of India$/;

test('a changed status is saved, said, and shown in the enquiry’s summary and history', async () => {
  const api = await openEnquiry();
  expect(meta()).toHaveTextContent('Status: New.');
  await api.user.selectOptions(screen.getByLabelText('Status'), 'Contacted');
  await api.user.click(screen.getByRole('button', { name: 'Save status' }));
  expect(await screen.findByText('Status saved.')).toBeVisible();
  expect(meta()).toHaveTextContent('Status: Contacted.');
  await api.reopen();
  expect(meta()).toHaveTextContent('Status: Contacted.');
});

test('closing asks for a reason: without one the server’s error is on the Reason field, with one it is closed', async () => {
  const api = await openEnquiry();
  expect(screen.queryByLabelText('Reason')).toBeNull();
  await api.user.selectOptions(screen.getByLabelText('Status'), 'Closed');
  const reason = screen.getByLabelText('Reason');
  await api.user.click(screen.getByRole('button', { name: 'Save status' }));
  await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
  expect(reason).toHaveAccessibleDescription(/Choose why the enquiry is closed/);
  expect(screen.queryByText('Status saved.')).toBeNull();
  expect(meta()).toHaveTextContent('Status: New.');

  await api.user.selectOptions(reason, 'Not eligible');
  await api.user.click(screen.getByRole('button', { name: 'Save status' }));
  expect(await screen.findByText('Status saved.')).toBeVisible();
  expect(meta()).toHaveTextContent('Status: Closed (not eligible).');
  await api.reopen();
  expect(meta()).toHaveTextContent('Status: Closed (not eligible).');
});

test('a note is added to the history and the box is emptied for the next one', async () => {
  const api = await openEnquiry();
  const box = screen.getByLabelText('What was said or agreed');
  await api.user.type(box, 'Will send the Udyam certificate on Monday');
  await api.user.click(screen.getByRole('button', { name: 'Add note' }));
  expect(await screen.findByText('Note added.')).toBeVisible();
  expect(box).toHaveValue('');
  expect(screen.getByText(/Will send the Udyam certificate on Monday/)).toBeVisible();
  await api.reopen();
  expect(screen.getByText(/Will send the Udyam certificate on Monday/)).toBeVisible();
});

test('an owner assigns the enquiry to a colleague from the list of accounts', async () => {
  const api = await openEnquiry({
    colleagues: [
      ['ravi', 'staff'],
      ['pages', 'editor'],
    ],
  });
  const advisor = screen.getByLabelText('Assigned to');
  // Editors do not work enquiries: the list is the owners and staff.
  await waitFor(() =>
    expect(
      within(advisor)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nobody', 'asha (you)', 'ravi']),
  );
  await api.user.selectOptions(advisor, 'ravi');
  await api.user.click(screen.getByRole('button', { name: 'Save advisor' }));
  expect(await screen.findByText('Assigned to ravi.')).toBeVisible();
  expect(meta()).toHaveTextContent('Advisor: ravi.');
  await api.reopen();
  expect(meta()).toHaveTextContent('Advisor: ravi.');
});

test('a staff member takes an unassigned enquiry and gives it back', async () => {
  const api = await openEnquiry({ as: 'ravi', role: 'staff' });
  expect(screen.getByText('Nobody is assigned yet.')).toBeVisible();
  await api.user.click(screen.getByRole('button', { name: 'Take it for myself' }));
  expect(await screen.findByText('Assigned to you.')).toBeVisible();
  await api.reopen();
  expect(meta()).toHaveTextContent('Advisor: ravi.');
  await api.user.click(screen.getByRole('button', { name: 'Give it back' }));
  expect(await screen.findByText('You have given it back; nobody is assigned now.')).toBeVisible();
  expect(screen.getByText('Nobody is assigned yet.')).toBeVisible();
  await api.reopen();
  expect(meta()).toHaveTextContent('Advisor: nobody yet.');
});

test('an application is added in the Indian way of writing rupees, then moved on to sanctioned with its amount', async () => {
  const api = await openEnquiry();
  const applications = screen.getByRole('region', { name: 'Applications to lenders' });
  expect(within(applications).getByText('None yet.')).toBeVisible();
  await api.user.click(within(applications).getByRole('button', { name: 'Add application' }));
  // Nothing chosen: the server names the field.
  await waitFor(() => expect(within(applications).getByLabelText('Lender').getAttribute('aria-invalid')).toBe('true'));

  await api.user.selectOptions(within(applications).getByLabelText('Lender'), 'State Bank of India');
  await api.user.type(within(applications).getByLabelText(/^Product/), 'Term loan');
  await api.user.type(within(applications).getByLabelText('Amount asked (₹)'), '25,00,000');
  await api.user.click(within(applications).getByRole('button', { name: 'Add application' }));
  expect(await screen.findByText('Application added: it is being prepared.')).toBeVisible();
  expect(within(applications).getByRole('heading', { level: 4, name: 'State Bank of India: Term loan' })).toBeVisible();
  expect(within(applications).getByText(/Asked ₹25,00,000\. Status:/)).toBeVisible();

  await api.user.selectOptions(within(applications).getByLabelText('New status of the application to State Bank of India'), 'Submitted');
  await api.user.click(within(applications).getByRole('button', { name: SAVE_SBI }));
  expect(await screen.findByText('The application to State Bank of India is submitted now.')).toBeVisible();
  await api.user.selectOptions(within(applications).getByLabelText('New status of the application to State Bank of India'), 'Sanctioned');
  await api.user.type(within(applications).getByLabelText('Amount sanctioned (₹)'), '20,00,000');
  await api.user.click(within(applications).getByRole('button', { name: SAVE_SBI }));
  expect(await screen.findByText('The application to State Bank of India is sanctioned now.')).toBeVisible();
  expect(within(applications).getByText(/sanctioned ₹20,00,000/)).toBeVisible();
  // The enquiry's own status follows its applications.
  expect(meta()).toHaveTextContent('Status: Sanctioned.');
});
