import { useEffect, useState } from 'react';
import type { BackupStatus } from '../../shared/backupStatus';
import { adminApi } from '../adminApi';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('en-IN', { maximumFractionDigits: 1 })} MB`;
const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });

/** For owners, on the dashboard: the newest backup, and a warning when there is none from the last two days. */
export function BackupStatusPanel() {
  const [status, setStatus] = useState<BackupStatus | { message: string } | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    adminApi.backups(controller.signal).then(
      (answer) => {
        setStatus(answer.ok ? answer.data : { message: answer.message });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  if (!status) return null;
  return (
    <section aria-labelledby="desk-backups-title" className="desk-backups">
      <h3 id="desk-backups-title">Backups</h3>
      {'message' in status ? (
        <p className="desk-notice desk-notice--error">{status.message}</p>
      ) : (
        <>
          {status.stale && (
            <p className="desk-notice desk-notice--error">
              {status.last ? 'No backup in the last two days.' : 'There is no backup yet.'} Run <code>npm run backup</code> on the server,
              or set <code>BACKUP_EVERY_HOURS</code> so the server backs up by itself.
            </p>
          )}
          <p>
            {status.last
              ? `Last backup: ${when(status.last.at)} (India time), ${megabytes(status.last.bytes)}, ${status.last.file}.`
              : 'No backup has been made into the backup folder.'}{' '}
            {status.everyHours === null
              ? 'The server does not back up by itself.'
              : `The server backs up every ${status.everyHours.toLocaleString('en-IN')} hours.`}{' '}
            {status.encrypted ? 'New backups are encrypted.' : 'New backups are NOT encrypted: set BACKUP_KEY.'}
          </p>
        </>
      )}
    </section>
  );
}
