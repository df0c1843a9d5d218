import { Hono, type Context } from 'hono';
import { ADMIN_API } from '../../src/shared/adminPaths';
import type { DeskWorkflow } from '../../src/shared/deskWorkflow';
import { addDays, indiaDate, indiaMidnight, isRealDate } from '../../src/shared/indiaTime';
import { OTHER_KEY, type PipelineFigures, type PipelineReport, type PipelineRow, type ReasonCount } from '../../src/shared/pipeline';
import { ALL_HOURS, workingWeek } from '../../src/shared/workingTime';
import type { ServerContext } from '../context';
import { auditedBy, deskReady, ownerOnly, type SessionEnv } from '../middleware/requireSession';
import type { KeyedFigures, StorePipelineReport } from '../store/pipelineReport';
import { isoNow } from '../clock';
import { canAdvise } from '../casework/assignmentRule';
import { pipelineCsv } from './pipelineCsv';

/** The period when none is asked for: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
/** The earliest day a period may start: before the firm kept enquiries here, and a guard against typing slips. */
const EARLIEST = '2000-01-01';

type Period = { ok: true; from: string; to: string } | { ok: false; errors: Record<string, string> };

/** from and to, India days (YYYY-MM-DD), both included; each bad one gets its own message. */
export function readPeriod(params: URLSearchParams, today: string): Period {
  const errors: Record<string, string> = {};
  const day = (name: 'from' | 'to', fallback: string) => {
    const value = params.get(name);
    if (value === null || value === '') return fallback;
    if (!isRealDate(value)) errors[name] = `${name} must be a day written YYYY-MM-DD, such as ${today}`;
    else if (value < EARLIEST) errors[name] = `${name} must be ${EARLIEST} or later`;
    return value;
  };
  const to = day('to', today);
  const from = day('from', addDays(errors.to ? today : to, -(DEFAULT_DAYS - 1)));
  if (!errors.from && !errors.to && from > to) errors.to = 'to must be the same day as from or later';
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, from, to };
}

/** The report as the dashboard shows it: rows and closing reasons by name. */
function named(
  report: StorePipelineReport,
  names: { advisor: (id: string) => string; loss: (id: string) => string },
): Omit<PipelineReport, 'from' | 'to' | 'targetMinutes'> {
  const reasons = (list: ReasonCount[], label: (reason: string) => string) =>
    list.map(({ reason, count }) => ({ reason: reason === OTHER_KEY ? 'Other reasons' : label(reason), count }));
  const figures = ({ rejections, losses, ...row }: PipelineFigures): PipelineFigures => ({
    ...row,
    rejections: reasons(rejections, (reason) => reason),
    losses: reasons(losses, names.loss),
  });
  const rows = (list: KeyedFigures[], name: (key: string) => string, none: string, other: string): PipelineRow[] =>
    list.map(({ key, ...row }) => ({ key, name: key === null ? none : key === OTHER_KEY ? other : name(key), ...figures(row) }));
  return {
    total: figures(report.total),
    advisors: rows(report.advisors, names.advisor, 'Nobody', 'Others'),
    sources: rows(report.sources, (path) => path, 'Straight to the form', 'Other pages'),
    campaigns: rows(report.campaigns, (name) => name, 'No campaign', 'Other campaigns'),
  };
}

/** The statuses whose enquiries are lost: those asking for a closing reason. */
const lostStatuses = (workflow: DeskWorkflow) => workflow.statuses.filter((status) => status.needsReason).map((status) => status.id);

/** The owners' pipeline report (GET /admin/api/stats/pipeline) and its CSV. */
export function pipelineRoutes({ store, site, config, clock }: ServerContext) {
  const signedIn = deskReady(store, config, clock);
  const workflow = () => site.content.workflow;

  const reportOf = async (c: Context<SessionEnv>): Promise<PipelineReport | { errors: Record<string, string> }> => {
    const period = readPeriod(new URL(c.req.url).searchParams, indiaDate(clock.now()));
    if (!period.ok) return { errors: period.errors };
    const accounts = (await store.accounts.list()).filter(canAdvise);
    const usernames = new Map(accounts.map((account) => [account.id, account.username]));
    const desk = workflow();
    const report = await store.pipeline.report({
      since: indiaMidnight(period.from),
      until: indiaMidnight(addDays(period.to, 1)),
      now: isoNow(clock),
      week: workingWeek(desk.firstResponse?.hours ?? ALL_HOURS),
      lostStatuses: lostStatuses(desk),
      advisors: accounts.map((account) => account.id),
    });
    return {
      from: period.from,
      to: period.to,
      targetMinutes: desk.firstResponse?.minutes ?? null,
      ...named(report, { advisor: (id) => usernames.get(id) ?? id, loss: desk.closedReasonLabel }),
    };
  };
  const invalid = (c: Context, errors: Record<string, string>) => c.json({ message: 'Choose the period again.', errors }, 400);
  return new Hono<SessionEnv>()
    .get(ADMIN_API.pipelineStats, ...signedIn, ownerOnly('read the pipeline report'), async (c) => {
      const report = await reportOf(c);
      return 'errors' in report ? invalid(c, report.errors) : c.json(report);
    })
    .get(ADMIN_API.pipelineStatsCsv, ...signedIn, ownerOnly('download the pipeline report'), async (c) => {
      const report = await reportOf(c);
      if ('errors' in report) return invalid(c, report.errors);
      await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'export', detail: `pipeline report, ${report.from} to ${report.to}` });
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="pipeline-${report.from}-to-${report.to}.csv"`);
      return c.body(pipelineCsv(report));
    });
}
