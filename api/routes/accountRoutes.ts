import type { ServerContext } from '../context';
import { isoNow } from '../clock';
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { ADMIN_MESSAGES } from '../../src/shared/adminMessages';
import { ADMIN_API } from '../../src/shared/adminPaths';
import type { AccountView, Role } from '../../src/shared/desk';
import { checkBody } from '../forms/formChecks';
import { hashPassword } from '../auth/passwordHash';
import { passwordProblem } from '../auth/passwordRules';
import { limitBody, parseJsonBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { ownerOnly, passwordChosen, requireSession, type SessionEnv } from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import type { Account } from '../store/Store';

type Env = JsonBodyEnv & SessionEnv;

const view = ({ username, role, createdAt }: Account): AccountView => ({ username, role, createdAt });
const NO_ACCOUNT = 'No account has that username.';

/** Staff accounts, managed by owners: list, add, change role, remove. The last owner can be neither removed nor made staff. */
export function accountRoutes({ store, config, clock }: ServerContext) {
  const app = new Hono<Env>();
  const owner = [requireSession(store, config.secureCookies), passwordChosen, ownerOnly('manage staff accounts')] as const;
  const change = [limitBody, ...owner, sameOriginJson(config.siteUrl)] as const;
  const isLastOwner = async (account: Account) =>
    account.role === 'owner' && (await store.listAccounts()).filter((other) => other.role === 'owner').length === 1;

  app.get(ADMIN_API.accounts, ...owner, async (c) => c.json({ items: (await store.listAccounts()).map(view) }));

  app.post(ADMIN_API.accounts, ...change, parseJsonBody, async (c) => {
    const body = checkBody<{ username: string; password: string; role: Role }>('newAccount', c.var.body);
    if (!body.ok) return c.json({ message: body.message, errors: body.errors }, 400);
    const problem = passwordProblem(body.value.password);
    if (problem) return c.json({ message: 'Some values need correcting.', errors: { password: problem } }, 400);
    const account: Account = {
      id: randomUUID(),
      username: body.value.username,
      role: body.value.role,
      passwordHash: await hashPassword(body.value.password),
      createdAt: isoNow(clock),
    };
    if (!(await store.addAccount(account)))
      return c.json({ message: ADMIN_MESSAGES.usernameTaken, errors: { username: ADMIN_MESSAGES.usernameTaken } }, 409);
    await store.addAudit({ account: c.var.signedIn.username, action: 'account-add', detail: `${account.username} (${account.role})` });
    return c.json(view(account), 201);
  });

  app.patch(ADMIN_API.account, ...change, parseJsonBody, async (c) => {
    const body = checkBody<{ role: Role }>('accountChange', c.var.body);
    if (!body.ok) return c.json({ message: body.message, errors: body.errors }, 400);
    const account = await store.findAccount(c.req.param('username'));
    if (!account) return c.json({ message: NO_ACCOUNT }, 404);
    if (body.value.role === 'staff' && (await isLastOwner(account))) return c.json({ message: ADMIN_MESSAGES.lastOwner }, 409);
    const updated = await store.updateAccount(account.id, { role: body.value.role });
    if (!updated) return c.json({ message: NO_ACCOUNT }, 404);
    if (account.role !== updated.role) {
      await store.addAudit({
        account: c.var.signedIn.username,
        action: 'account-role',
        detail: `${account.username}: ${account.role} → ${updated.role}`,
      });
    }
    return c.json(view(updated));
  });

  app.delete(ADMIN_API.account, ...change, async (c) => {
    const account = await store.findAccount(c.req.param('username'));
    if (!account) return c.json({ message: NO_ACCOUNT }, 404);
    if (await isLastOwner(account)) return c.json({ message: ADMIN_MESSAGES.lastOwner }, 409);
    await store.removeAccount(account.id);
    await store.addAudit({ account: c.var.signedIn.username, action: 'account-remove', detail: `${account.username} (${account.role})` });
    return c.json({ message: `The account ${account.username} has been removed, and its sessions have ended.` });
  });

  return app;
}
