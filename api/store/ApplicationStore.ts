import type { Application, ApplicationChange, ApplicationStatus } from '../../src/shared/applications';
import type { Actor } from './Store';

export interface NewApplication {
  enquiryId: string;
  lender: string;
  product: string;
  amount: number;
}

/** A change of an application, applied only while it is still in `from` (checked and changed in one step). */
export interface ApplicationUpdate extends ApplicationChange {
  from: ApplicationStatus;
}

/** Applications to lenders, several per enquiry, on either store. An enquiry's erasure takes its applications with it. */
export interface ApplicationStore {
  /** A new application, preparing, with its creation in its history; undefined when the enquiry does not exist. */
  addApplication(application: NewApplication, by: Actor): Promise<Application | undefined>;
  /** An enquiry's applications, oldest first. */
  applicationsOf(enquiryId: string): Promise<Application[]>;
  /**
   * Records a change of status (with its amounts and reason) in the application's history; undefined
   * when the enquiry has no such application, 'moved' when it is no longer in `update.from`.
   */
  updateApplication(enquiryId: string, id: string, update: ApplicationUpdate, by: Actor): Promise<Application | 'moved' | undefined>;
  /** Every application, oldest first: for a move between stores. */
  allApplications(): Promise<Application[]>;
  /** Keeps an application as another store kept it, with its id; false when it is here already or its enquiry is not. */
  importApplication(application: Application): Promise<boolean>;
}
