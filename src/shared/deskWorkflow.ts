import desk from 'virtual:content/desk';

/** The steps and closing reasons from pages-data/_desk.yaml, for the server's checks and the desk's menus. */
export const STATUSES = desk.statuses;
export const CLOSED_REASONS = desk.closedReasons;

export const statusById = (id: string) => STATUSES.find((status) => status.id === id);
export const statusLabel = (id: string) => statusById(id)?.label ?? id;
export const closedReasonLabel = (id: string) => CLOSED_REASONS.find((reason) => reason.id === id)?.label ?? id;
/** Steps that end the work: their enquiries are never due or overdue. */
export const FINAL_STATUSES = STATUSES.filter((status) => status.final).map((status) => status.id);
