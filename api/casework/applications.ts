import { APPLICATION_LABELS, applicationChangeProblems, type Application, type ApplicationChange } from '../../src/shared/applications';
import type { DeskWorkflow } from '../../src/shared/deskWorkflow';
import { auditedAs, type Actor } from '../store/actor';
import type { Store } from '../store/Store';

/**
 * Applications to lenders, and the enquiry's status that follows them. Each action writes the
 * application, the enquiry's move with its history entry, and the audit entries in one
 * transaction: after a failure or a crash there is all of it or none.
 */

/** Field errors, as the desk shows them beside each field. */
export interface Refused {
  errors: Record<string, string>;
}

export interface NewApplicationInput {
  enquiryId: string;
  lender: string;
  product: string;
  amount: number;
}

/** A new application (preparing); undefined when the enquiry does not exist. */
export async function addApplication(
  store: Store,
  workflow: DeskWorkflow,
  input: NewApplicationInput,
  actor: Actor,
): Promise<Application | Refused | undefined> {
  if (!workflow.lenders.some((lender) => lender.id === input.lender))
    return { errors: { lender: 'Choose one of the lenders listed in the desk’s settings' } };
  const product = input.product.trim();
  if (product.length < 2) return { errors: { product: 'Say what is applied for' } };
  return store.transaction(async (tx) => {
    const added = await tx.applications.addApplication({ ...input, product }, actor);
    if (!added) return undefined;
    await tx.audit.add({ ...auditedAs(actor), action: 'application', enquiryId: input.enquiryId, detail: `added for ${added.lender}` });
    await followApplications(tx, workflow, input.enquiryId, actor);
    return added;
  });
}

/**
 * A change of an application's status, checked against the order of the steps; undefined when
 * there is no such application, 'moved' when someone changed it a moment before.
 */
export async function changeApplication(
  store: Store,
  workflow: DeskWorkflow,
  { enquiryId, applicationId, change }: { enquiryId: string; applicationId: string; change: ApplicationChange },
  actor: Actor,
): Promise<Application | Refused | 'moved' | undefined> {
  const current = (await store.applications.applicationsOf(enquiryId)).find((application) => application.id === applicationId);
  if (!current) return undefined;
  const reason = change.reason?.trim();
  const wanted = { ...change, ...(reason !== undefined && { reason }) };
  const errors = applicationChangeProblems(current, wanted);
  if (Object.keys(errors).length) return { errors };
  return store.transaction(async (tx) => {
    const updated = await tx.applications.updateApplication(enquiryId, applicationId, { ...wanted, from: current.status }, actor);
    if (!updated || updated === 'moved') return updated;
    await tx.audit.add({
      ...auditedAs(actor),
      action: 'application',
      enquiryId,
      detail: `${updated.lender}: ${APPLICATION_LABELS[current.status]} → ${APPLICATION_LABELS[updated.status]}`,
    });
    await followApplications(tx, workflow, enquiryId, actor);
    return updated;
  });
}

/** Moves the enquiry's status where its applications now say (_desk.yaml's rule), as a change by `actor`. */
async function followApplications(tx: Store, workflow: DeskWorkflow, enquiryId: string, actor: Actor): Promise<void> {
  const before = await tx.enquiries.get(enquiryId);
  if (!before) return;
  const target = workflow.statusFromApplications(before.status, await tx.applications.applicationsOf(enquiryId));
  if (!target) return;
  const after = await tx.enquiries.update(enquiryId, { status: target }, actor);
  if (after && after.status !== before.status)
    await tx.audit.add({
      ...auditedAs(actor),
      action: 'status-change',
      enquiryId,
      detail: `${before.status} → ${after.status} (its applications)`,
    });
}
