import type { LinkCheckRun, LinkState } from '../../src/shared/linkCheck';
import type { DeliveryState } from './Store';

export type { LinkCheckRun, LinkState };

/** What the store keeps of the link check: the last run and each address's state after it. */
export interface LinkChecks {
  run: LinkCheckRun | null;
  links: LinkState[];
}

/**
 * The link check's results (api/linkCheck/) and the weekly review e-mail that reports them. The
 * rule (when an address counts as broken) is above the store; the store keeps the states, and
 * hands each run, and each week's e-mail, to one claimant at a time whatever the instances.
 */
export interface LinkCheckStore {
  /**
   * Claims the next run: true when none began within `everyMs` of now (0: due now) and no other
   * claim's lease (`leaseMs`) is still running; checked and marked in one step.
   */
  claimLinkCheck(everyMs: number, leaseMs: number): Promise<boolean>;
  /** Gives up a claim whose run failed, so the next look may try again. */
  releaseLinkCheck(): Promise<void>;
  /**
   * Records a run: its times, and the state of every address the content names now, in place of
   * the last run's (an address no page names any more is forgotten). Ends the claim. Also how a
   * copy of another store takes in its results.
   */
  recordLinkCheck(run: LinkCheckRun, links: LinkState[]): Promise<void>;
  /** The last run and every address's state after it, in the order of their addresses. */
  linkChecks(): Promise<LinkChecks>;
  /**
   * The week's review e-mail (`week`: its Monday, YYYY-MM-DD, India time), when it is due: not
   * claimed for that week yet, or a retry whose time has come. Leased for `leaseMs`. Undefined
   * when it is not due; otherwise the attempts made before this one.
   */
  claimReviewMail(week: string, leaseMs: number): Promise<number | undefined>;
  /** Records how the week's e-mail went; nothing when a later week's has taken its place. */
  recordReviewMail(week: string, state: DeliveryState): Promise<void>;
}
