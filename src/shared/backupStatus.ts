/** What the dashboard shows owners of the backups: the newest archive, and whether it is too old. */
export interface BackupStatus {
  last: { at: string; file: string; bytes: number } | null;
  /** No archive, or the newest is more than two days old. */
  stale: boolean;
  /** How often the server backs up by itself (BACKUP_EVERY_HOURS); null when it does not. */
  everyHours: number | null;
  /** Whether BACKUP_KEY is set, so new archives are encrypted. */
  encrypted: boolean;
}
