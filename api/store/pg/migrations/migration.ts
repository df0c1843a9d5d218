/** One step of the database schema: run once, in order, in a transaction; never changed after release, only followed by a new one. */
export interface Migration {
  version: number;
  sql: string;
}
