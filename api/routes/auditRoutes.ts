import type { ServerContext } from '../context';
import { Hono } from 'hono';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { accountReady, ownerOnly, type SessionEnv } from '../middleware/requireSession';
import { BadCursorError } from '../store/storeErrors';
import { readPage } from './deskQuery';

/** The audit log, newest first, a page at a time; owners only. */
export function auditRoutes({ store, config, clock }: ServerContext) {
  return new Hono<SessionEnv>().get(ADMIN_API.audit, ...accountReady(store, config, clock), ownerOnly('read the audit log'), async (c) => {
    const page = readPage(new URL(c.req.url).searchParams);
    if (!page.ok) return c.json({ message: 'Some values need correcting.', errors: page.errors }, 400);
    try {
      return c.json(await store.audit.list({ limit: page.limit, ...(page.cursor !== undefined && { cursor: page.cursor }) }));
    } catch (error) {
      if (error instanceof BadCursorError)
        return c.json({ message: 'Some values need correcting.', errors: { cursor: error.message } }, 400);
      throw error;
    }
  });
}
