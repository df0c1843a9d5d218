import type { Account, Actor, NewEnquiry, Store } from '../Store';

export const contact = (message: string, extra: Partial<Record<string, string>> = {}): NewEnquiry => ({
  form: 'contact',
  fields: { name: 'Contract', number: '+919876543210', enquiry: 'other', message, ...extra },
});

export const about = (name: string, phoneno = '+919822012345'): NewEnquiry => ({
  form: 'about',
  fields: { name, address: 'Waluj', message: 'Hello', phoneno },
});

export const account = (username: string, role: Account['role'] = 'staff'): Account => ({
  id: `id-${username}`,
  username,
  role,
  passwordHash: 'scrypt$1$1$1$a$b',
  createdAt: '2026-11-01T00:00:00.000Z',
});

/** Who made a desk change, as the routes pass the signed-in account. */
export const by = (username: string): Actor => ({ id: `id-${username}`, username });

export const request = (name: string, phone = '+919822012345', extra: Record<string, string> = {}) => ({
  fields: { name, phone, kind: 'access', ...extra },
  dueOn: '2026-12-23',
});

/** Every enquiry a query matches, page by page. */
export async function allEnquiries(store: Store, query: Parameters<Store['enquiries']['list']>[0]) {
  const items = [];
  let cursor: string | undefined;
  do {
    const page = await store.enquiries.list({ ...query, ...(cursor !== undefined && { cursor }) });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}
