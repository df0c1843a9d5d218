import type { ServerContext } from '../context';
import { isoNow } from '../clock';
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { ADMIN_MESSAGES } from '../../src/shared/adminMessages';
import { ADMIN_API } from '../../src/shared/adminPaths';
import type { AccountView } from '../../src/shared/accounts';
import { validBody } from '../middleware/validBody';
import { hashPassword } from '../auth/passwordHash';
import { hasSecondFactor } from '../auth/secondFactor';
import { passwordProblem } from '../auth/passwordRules';
import { limitBody, type JsonBodyEnv } from '../middleware/jsonBody';
import type { ClientIpEnv } from '../middleware/clientIp';
import {
  accountReady,
  auditedBy,
  confirmFirst,
  identityConfirmed,
  ownerOnly,
  unconfirmed,
  type SessionEnv,
} from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import type { Account } from '../store/Store';
import { LastOwnerError } from '../store/storeErrors';

type Env = ClientIpEnv & JsonBodyEnv & SessionEnv;

const view = (account: Account): AccountView => ({
  username: account.username,
  role: account.role,
  createdAt: account.createdAt,
  secondFactor: hasSecondFactor(account),
  languages: account.languages ?? [],
  available: account.available ?? false,
  email: account.email ?? null,
  emailLanguage: account.emailLanguage ?? null,
  displayNames: account.displayNames ?? {},
});
const NO_ACCOUNT = 'No account has that username.';
/** What the confirmation is asked for, in its message. */
const CONFIRM_PURPOSE = 'add or remove an account, or change its role or e-mail address';

/**
 * Staff accounts, managed by owners: list, add, change role, remove. The last owner can be
 * neither removed nor made staff. Adding an account, changing its role or its e-mail address and
 * removing one need the password and a current factor entered within five minutes, as a change
 * of second factors does: a stolen owner's session alone cannot make itself a new owner (a way
 * in that outlives the cookie), demote the others or redirect an advisor's daily list. Each such
 * change is e-mailed to the firm and every owner with an address. An advisor's languages, whether
 * they take new enquiries and the list's language are day-to-day settings and need no confirmation.
 */
export function accountRoutes({ store, config, clock, securityNotice }: ServerContext) {
  const owner = [...accountReady(store, config, clock), ownerOnly('manage staff accounts')] as const;
  const change = [limitBody, ...owner, sameOriginJson(config.siteUrl)] as const;
  const confirmed = identityConfirmed(clock, CONFIRM_PURPOSE);
  const notify = (c: Context<Env>, account: Pick<Account, 'username' | 'email'>, what: string) =>
    void securityNotice({
      kind: 'account',
      username: account.username,
      change: what,
      by: c.var.signedIn.username,
      from: c.var.clientIp,
      at: clock.now(),
      alsoTo: account.email,
    });
  /** The store checks "is this the last owner?" and makes the change in one step. */
  const keepingAnOwner = async <T>(change: () => Promise<T>): Promise<T | 'last-owner'> => {
    try {
      return await change();
    } catch (error) {
      if (error instanceof LastOwnerError) return 'last-owner';
      throw error;
    }
  };
  return new Hono<Env>()
    .get(ADMIN_API.accounts, ...owner, async (c) => c.json({ items: (await store.accounts.list()).map(view) }))
    .post(ADMIN_API.accounts, ...change, confirmed, ...validBody('newAccount'), async (c) => {
      const body = c.req.valid('json');
      const problem = passwordProblem(body.password);
      if (problem) return c.json({ message: 'Some values need correcting.', errors: { password: problem } }, 400);
      const account: Account = {
        id: randomUUID(),
        username: body.username,
        role: body.role,
        passwordHash: await hashPassword(body.password),
        // The colleague chooses their own at the first sign-in, so the owner never knows it.
        mustChangePassword: true,
        createdAt: isoNow(clock),
      };
      if (!(await store.accounts.add(account)))
        return c.json({ message: ADMIN_MESSAGES.usernameTaken, errors: { username: ADMIN_MESSAGES.usernameTaken } }, 409);
      await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'account-add', detail: `${account.username} (${account.role})` });
      notify(c, account, `added as ${account.role}`);
      return c.json(view(account), 201);
    })
    .patch(ADMIN_API.account, ...change, ...validBody('accountChange'), async (c) => {
      const body = c.req.valid('json');
      const account = await store.accounts.find(c.req.param('username'));
      if (!account) return c.json({ message: NO_ACCOUNT }, 404);
      const roleChanged = body.role !== undefined && body.role !== account.role;
      const emailChanged = body.email !== undefined && body.email !== (account.email ?? null);
      if ((roleChanged || emailChanged) && unconfirmed(c.var.signedIn, clock.now()))
        return c.json(confirmFirst(c.var.signedIn, CONFIRM_PURPOSE), 403);
      const updated = await keepingAnOwner(() => store.accounts.update(account.id, body));
      if (updated === 'last-owner') return c.json({ message: ADMIN_MESSAGES.lastOwner }, 409);
      if (!updated) return c.json({ message: NO_ACCOUNT }, 404);
      if (account.role !== updated.role) {
        await store.audit.add({
          ...auditedBy(c.var.signedIn),
          action: 'account-role',
          detail: `${account.username}: ${account.role} → ${updated.role}`,
        });
        notify(c, account, `role changed from ${account.role} to ${updated.role}`);
      }
      const casework = (a: Account) =>
        `${(a.languages ?? []).join(', ') || 'no languages'}, ${a.available ? 'available' : 'not available'}`;
      if (casework(account) !== casework(updated)) {
        await store.audit.add({
          ...auditedBy(c.var.signedIn),
          action: 'account-casework',
          detail: `${account.username}: ${casework(account)} → ${casework(updated)}`,
        });
      }
      const names = (a: Account) =>
        Object.entries(a.displayNames ?? {})
          .map(([language, name]) => `${language}: ${name}`)
          .join(', ') || 'no names';
      if (names(account) !== names(updated)) {
        await store.audit.add({
          ...auditedBy(c.var.signedIn),
          action: 'account-casework',
          detail: `${account.username}: names ${names(account)} → ${names(updated)}`,
        });
      }
      // Whether and how the daily list goes, never the address itself.
      const dailyList = (a: Account) => (a.email ? `daily list by e-mail (${a.emailLanguage ?? 'en'})` : 'no daily list');
      if (dailyList(account) !== dailyList(updated) || account.email !== updated.email) {
        const address = account.email && updated.email && account.email !== updated.email ? ', to a new address' : '';
        await store.audit.add({
          ...auditedBy(c.var.signedIn),
          action: 'account-casework',
          detail: `${account.username}: ${dailyList(account)} → ${dailyList(updated)}${address}`,
        });
      }
      if ((account.email ?? null) !== (updated.email ?? null))
        notify(c, account, updated.email ? `its daily list now goes to ${updated.email}` : 'its e-mail address removed');
      return c.json(view(updated));
    })
    .delete(ADMIN_API.account, ...change, confirmed, async (c) => {
      const account = await store.accounts.find(c.req.param('username'));
      if (!account) return c.json({ message: NO_ACCOUNT }, 404);
      const removed = await keepingAnOwner(() => store.accounts.remove(account.id));
      if (removed === 'last-owner') return c.json({ message: ADMIN_MESSAGES.lastOwner }, 409);
      if (!removed) return c.json({ message: NO_ACCOUNT }, 404);
      await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'account-remove', detail: `${account.username} (${account.role})` });
      notify(c, account, `removed (it was ${account.role === 'owner' ? 'an owner' : `a ${account.role} account`})`);
      return c.json({ message: `The account ${account.username} has been removed, and its sessions have ended.` });
    });
}
