import { Low } from 'lowdb';
import { DurableJsonFile } from './durableJsonFile';

export class DataFileError extends Error {}

/**
 * Opens one JSON data file (or starts it empty). A file that cannot be parsed, or does not
 * have the expected shape, stops the server with a message naming it: it is never
 * overwritten, so a damaged file can still be repaired or restored from a backup.
 */
export async function openJsonFile<T>(file: string, empty: T, isValid: (data: unknown) => boolean): Promise<Low<T>> {
  const db = new Low<T>(new DurableJsonFile<T>(file), empty);
  try {
    await db.read();
  } catch (error) {
    throw new DataFileError(
      `The data file ${file} cannot be read (${(error as Error).message}). The server has stopped and has not changed the file; restore it from a backup or repair it, then start again.`,
    );
  }
  if (!isValid(db.data)) {
    throw new DataFileError(`The data file ${file} does not have the expected shape. The server has stopped and has not changed the file.`);
  }
  return db;
}
