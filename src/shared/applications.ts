/**
 * The steps of an application to a lender, in their order; rejected and withdrawn end it from
 * any step before the last. The desk, the server's checks and the report share these.
 */
export const APPLICATION_STEPS = ['preparing', 'submitted', 'query-raised', 'sanctioned', 'disbursed'] as const;
export const APPLICATION_ENDS = ['rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STEPS)[number] | (typeof APPLICATION_ENDS)[number];
export const APPLICATION_STATUSES: readonly ApplicationStatus[] = [...APPLICATION_STEPS, ...APPLICATION_ENDS];

export const APPLICATION_LABELS: Record<ApplicationStatus, string> = {
  preparing: 'Preparing',
  submitted: 'Submitted',
  'query-raised': 'Query raised',
  sanctioned: 'Sanctioned',
  disbursed: 'Disbursed',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** A lender the owners list in _desk.yaml. */
export interface Lender {
  id: string;
  name: string;
  kind: 'bank' | 'nbfc' | 'cooperative-bank' | 'government-portal';
}

/** One change of an application, as its history keeps it. */
export interface ApplicationEvent {
  at: string;
  by: string;
  byId: string;
  status: ApplicationStatus;
  reason?: string;
  sanctionedAmount?: number;
  disbursedAmount?: number;
}

/** An application to one lender for one enquiry. Amounts are whole rupees. */
export interface Application {
  id: string;
  enquiryId: string;
  /** A lender's id from _desk.yaml. */
  lender: string;
  product: string;
  amount: number;
  status: ApplicationStatus;
  /** Why it was rejected (or withdrawn). */
  reason?: string;
  sanctionedAmount?: number;
  disbursedAmount?: number;
  createdAt: string;
  updatedAt: string;
  /** Oldest first: its creation (preparing), then each change. */
  history: ApplicationEvent[];
}

/** A change of status as the desk sends it. */
export interface ApplicationChange {
  status: ApplicationStatus;
  reason?: string;
  sanctionedAmount?: number;
  disbursedAmount?: number;
}

const isEnd = (status: ApplicationStatus) => status === 'disbursed' || (APPLICATION_ENDS as readonly string[]).includes(status);

/**
 * What is wrong with moving an application from `from` by `change`, by field; empty when it may.
 * The steps go forward (a query raised may go back to submitted once answered); sanctioned needs
 * it submitted first and its sanctioned amount, disbursed needs it sanctioned and its disbursed
 * amount (no more than was sanctioned); rejected needs a reason; nothing moves an ended one.
 */
export function applicationChangeProblems(from: Application, change: ApplicationChange): Record<string, string> {
  const errors: Record<string, string> = {};
  const { status } = change;
  const rank = (step: ApplicationStatus) => (APPLICATION_STEPS as readonly string[]).indexOf(step);
  if (isEnd(from.status)) errors.status = `This application is ${APPLICATION_LABELS[from.status].toLowerCase()}: it cannot change now`;
  else if (status === from.status) errors.status = `It is ${APPLICATION_LABELS[status].toLowerCase()} already`;
  else if (status === 'disbursed' && from.status !== 'sanctioned')
    errors.status = 'An application is disbursed only after it is sanctioned';
  else if (status === 'sanctioned' && rank(from.status) < rank('submitted'))
    errors.status = 'An application is sanctioned only after it is submitted';
  else if (rank(status) >= 0 && rank(status) < rank(from.status) && !(from.status === 'query-raised' && status === 'submitted'))
    errors.status = `It cannot go back from ${APPLICATION_LABELS[from.status].toLowerCase()} to ${APPLICATION_LABELS[status].toLowerCase()}`;
  if (status === 'rejected' && !change.reason?.trim()) errors.reason = 'Say why the lender rejected it';
  if (change.reason !== undefined && status !== 'rejected' && status !== 'withdrawn')
    errors.reason = 'A reason goes only with rejected or withdrawn';
  if (status === 'sanctioned' && change.sanctionedAmount === undefined) errors.sanctionedAmount = 'Enter the amount sanctioned';
  if (change.sanctionedAmount !== undefined && status !== 'sanctioned')
    errors.sanctionedAmount = 'The sanctioned amount goes with the sanctioned status';
  if (status === 'disbursed') {
    if (change.disbursedAmount === undefined) errors.disbursedAmount = 'Enter the amount disbursed';
    else if (from.sanctionedAmount !== undefined && change.disbursedAmount > from.sanctionedAmount)
      errors.disbursedAmount = 'The amount disbursed cannot be more than the amount sanctioned';
  } else if (change.disbursedAmount !== undefined) errors.disbursedAmount = 'The disbursed amount goes with the disbursed status';
  return errors;
}

/** The statuses an application may move to now, in the order the desk offers them. */
export function nextApplicationStatuses(from: Application): ApplicationStatus[] {
  return APPLICATION_STATUSES.filter(
    (status) =>
      Object.keys(
        applicationChangeProblems(from, {
          status,
          ...(status === 'rejected' && { reason: 'x' }),
          ...(status === 'sanctioned' && { sanctionedAmount: 0 }),
          ...(status === 'disbursed' && { disbursedAmount: 0 }),
        }),
      ).length === 0,
  );
}
