import { Hono } from 'hono';
import type { ServerContext } from '../context';
import { visitStatsRoutes } from './visitRoutes';
import { accountRoutes } from './accountRoutes';
import { applicationRoutes } from './applicationRoutes';
import { auditRoutes } from './auditRoutes';
import { backupRoutes } from './backupRoutes';
import { boardRoutes } from './boardRoutes';
import { deskRoutes } from './deskRoutes';
import { documentRoutes } from './documentRoutes';
import { mfaRoutes } from './mfaRoutes';
import { notificationRoutes } from './notificationRoutes';
import { pageRoutes } from './pageRoutes';
import { pictureRoutes } from './pictureRoutes';
import { pipelineRoutes } from './pipelineRoutes';
import { privacyRoutes } from './privacyRoutes';
import { reviewRoutes } from './reviewRoutes';
import { sessionRoutes } from './sessionRoutes';
import { todayRoutes } from './todayRoutes';

/**
 * Every route the admin screens call, chained so that their types compose into AdminApi: each
 * route's body (from its schema in schemas/admin) and each of its answers, which the browser's
 * client (src/admin/adminApi.ts) reads, so a changed answer fails to compile in the screen that reads it.
 */
export function adminRoutes(context: ServerContext) {
  return new Hono()
    .route('/', sessionRoutes(context))
    .route('/', deskRoutes(context))
    .route('/', todayRoutes(context))
    .route('/', applicationRoutes(context))
    .route('/', pipelineRoutes(context))
    .route('/', boardRoutes(context))
    .route('/', documentRoutes(context))
    .route('/', mfaRoutes(context))
    .route('/', accountRoutes(context))
    .route('/', auditRoutes(context))
    .route('/', backupRoutes(context))
    .route('/', privacyRoutes(context))
    .route('/', notificationRoutes(context))
    .route('/', pageRoutes(context))
    .route('/', pictureRoutes(context))
    .route('/', reviewRoutes(context))
    .route('/', visitStatsRoutes(context));
}

/** The admin API's contract: its paths, bodies and answers, for `hc<AdminApi>` in the browser. */
export type AdminApi = ReturnType<typeof adminRoutes>;
