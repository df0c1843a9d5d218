import type { AssignmentRule } from '../../src/shared/deskEnquiry';
import type { Account, Actor, Store } from '../store/Store';

/** Turns start afresh each day, shared by every instance through the store's counters. */
const TURN_WINDOW_MS = 24 * 3_600_000;
const TURN_KEY = 'assignment-turn';

/** Owners and staff can be advisors; an editor never sees an enquiry. */
export const canAdvise = (account: Account) => account.role === 'owner' || account.role === 'staff';

/**
 * Who _desk.yaml's rule gives a new enquiry to: the advisors marked available (for the
 * language rule, those of them who speak the enquiry's language), in a fixed order, and the
 * `turn`-th of them (counting from 1), going round. None when nobody qualifies.
 */
export function nextAdvisor(accounts: Account[], rule: AssignmentRule, language: string | undefined, turn: number): Actor | undefined {
  const candidates = accounts
    .filter((account) => canAdvise(account) && account.available)
    .filter((account) => rule === 'turns' || (language !== undefined && (account.languages ?? []).includes(language)))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const chosen = candidates[(turn - 1) % candidates.length];
  return chosen && { id: chosen.id, username: chosen.username };
}

/** Applies the rule for one new enquiry: reads the accounts and takes the next turn, only when someone qualifies. */
export async function assignByRule(store: Store, rule: AssignmentRule | undefined, language: string | undefined) {
  if (!rule) return undefined;
  const accounts = await store.accounts.list();
  if (!nextAdvisor(accounts, rule, language, 1)) return undefined;
  const { count } = await store.windows.count(`${TURN_KEY}:${rule}:${rule === 'language' ? language : ''}`, TURN_WINDOW_MS);
  const to = nextAdvisor(accounts, rule, language, count);
  return to && { to, rule };
}
