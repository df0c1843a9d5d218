import { toCsv } from '../../src/shared/csv';
import { withinShare, type PipelineFigures, type PipelineReport, type ReasonCount } from '../../src/shared/pipeline';

const HEADERS = [
  'Kind',
  'Name',
  'Enquiries',
  'Answered',
  'First response, median (working minutes)',
  'First response, 90th percentile (working minutes)',
  'Answered within the target',
  'Target passed or answered',
  'Share within the target (%)',
  'Enquiries sent to lenders',
  'Amount asked (₹, once per enquiry: its largest application)',
  'Applications submitted',
  'Amount in the applications submitted (₹, per application)',
  'Applications sanctioned',
  'Amount sanctioned (₹)',
  'Applications disbursed',
  'Amount disbursed (₹)',
  'Days from enquiry to sanction, median',
  'Rejections by reason',
  'Losses by reason',
];

const text = (value: number | null) => (value === null ? '' : String(value));
const reasons = (list: ReasonCount[]) => list.map(({ reason, count }) => `${reason}: ${count}`).join('; ');

function cells(figures: PipelineFigures): string[] {
  return [
    String(figures.enquiries),
    String(figures.firstResponse.answered),
    text(figures.firstResponse.medianMinutes),
    text(figures.firstResponse.p90Minutes),
    String(figures.withinTarget.within),
    String(figures.withinTarget.of),
    text(withinShare(figures.withinTarget)),
    String(figures.asked.count),
    String(figures.asked.amount),
    String(figures.submitted.count),
    String(figures.submitted.amount),
    String(figures.sanctioned.count),
    String(figures.sanctioned.amount),
    String(figures.disbursed.count),
    String(figures.disbursed.amount),
    text(figures.medianDaysToSanction),
    reasons(figures.rejections),
    reasons(figures.losses),
  ];
}

/**
 * The pipeline report as a spreadsheet: the period's total, then a row per advisor, source page and
 * campaign. Campaign names come from visitors' links and reasons from staff, so every cell goes
 * through toCsv, which neutralises one that would start a formula.
 */
export function pipelineCsv(report: PipelineReport): string {
  const rows = [
    ['Total', `${report.from} to ${report.to}`, ...cells(report.total)],
    ...report.advisors.map((row) => ['Advisor', row.name, ...cells(row)]),
    ...report.sources.map((row) => ['Source page', row.name, ...cells(row)]),
    ...report.campaigns.map((row) => ['Campaign', row.name, ...cells(row)]),
  ];
  return toCsv(HEADERS, rows);
}
