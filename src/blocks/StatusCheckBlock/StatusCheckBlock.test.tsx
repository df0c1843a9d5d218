import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import StatusCheckBlock from './StatusCheckBlock';

const block = { type: 'status-check' as const, heading: 'Where does my enquiry stand?' };

afterEach(() => vi.unstubAllGlobals());

function answering(status: number, body: unknown) {
  const fetch = vi.fn((_url: string, _init: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('StatusCheckBlock', () => {
  test('asks for the reference and the mobile number, both labelled, the number as a telephone input', () => {
    renderBlock(<StatusCheckBlock block={block} />);
    expect(screen.getByRole('heading', { level: 2, name: block.heading })).toBeVisible();
    expect(screen.getByLabelText(/Reference of your enquiry/)).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText(/Mobile number you gave us/)).toHaveAttribute('type', 'tel');
  });

  test('sent empty, it names both fields in the summary and asks the server nothing', async () => {
    const fetch = answering(200, {});
    renderBlock(<StatusCheckBlock block={block} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show where it stands' }));
    await waitFor(() => expect(screen.getByText('There is a problem')).toBeVisible());
    const summary = screen.getByText('There is a problem').parentElement!;
    expect(summary.textContent).toContain('Enter the reference we gave you');
    expect(summary.textContent).toContain('Enter the mobile number you gave us');
    expect(fetch).not.toHaveBeenCalled();
  });

  test('shows the stage among the others, the next step and how to reach the firm, in Marathi on a Marathi page', async () => {
    const fetch = answering(200, { reference: 'VF-72QD-93KM', stage: 'documents', receivedOn: '2026-11-20' });
    renderBlock(<StatusCheckBlock block={block} />, { route: '/mr/status' });
    fireEvent.change(screen.getByLabelText(/संदर्भ क्रमांक/), { target: { value: 'vf 72qd 93km' } });
    fireEvent.change(screen.getByLabelText(/मोबाइल नंबर/), { target: { value: '98220 12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'सद्यस्थिती पाहा' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'चौकशी VF-72QD-93KM' })).toHaveFocus());
    expect(JSON.parse(fetch.mock.calls[0]![1].body as string)).toEqual({ reference: 'vf 72qd 93km', phone: '98220 12345', lang: 'mr' });
    expect(screen.getByRole('list', { name: 'चौकशीचे टप्पे' }).querySelector('[aria-current="step"]')?.textContent).toBe('कागदपत्रे');
    expect(screen.getByText('आम्ही तुमच्याकडे कागदपत्रे मागितली आहेत')).toBeVisible();
    expect(screen.getByText(/20 नोव्हेंबर 2026 रोजी मिळाली/)).toBeVisible();
  });

  test('a wrong pair shows the server’s one message in the alert region', async () => {
    answering(404, { message: 'We could not find an enquiry with this reference and mobile number.' });
    renderBlock(<StatusCheckBlock block={block} />);
    fireEvent.change(screen.getByLabelText(/Reference of your enquiry/), { target: { value: 'VF-72QD-93KM' } });
    fireEvent.change(screen.getByLabelText(/Mobile number you gave us/), { target: { value: '9822012345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show where it stands' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('We could not find an enquiry with this reference and mobile number.'),
    );
  });
});
