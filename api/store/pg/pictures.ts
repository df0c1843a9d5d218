import type pg from 'pg';
import type { PictureInfo, PictureStore, StoredPicture } from '../PictureStore';
import { inTransaction, rollback } from './inTransaction';

interface PictureRow {
  name: string;
  alt: string;
  width: number;
  height: number;
  bytes: number;
  at: Date;
  by_id: string;
  by_name: string;
}

/** Uploaded pictures on PostgreSQL: a row per picture and one per size, written in one transaction. */
export class PgPictures implements PictureStore {
  constructor(private readonly pool: pg.Pool) {}

  async addPicture({ files, ...info }: StoredPicture): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      const added = await client.query(
        `INSERT INTO pictures (name, alt, width, height, bytes, at, by_id, by_name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (name) DO NOTHING`,
        [info.name, info.alt, info.width, info.height, info.bytes, info.at, info.by.id, info.by.username],
      );
      if (added.rowCount === 0) return rollback(false);
      for (const [file, data] of Object.entries(files))
        await client.query('INSERT INTO picture_files (path, name, data) VALUES ($1, $2, $3)', [file, info.name, data]);
      return true;
    });
  }

  async pictureList(): Promise<PictureInfo[]> {
    const { rows } = await this.pool.query<PictureRow>('SELECT * FROM pictures ORDER BY position');
    return rows.map((row) => ({
      name: row.name,
      alt: row.alt,
      width: row.width,
      height: row.height,
      bytes: row.bytes,
      at: row.at.toISOString(),
      by: { id: row.by_id, username: row.by_name },
    }));
  }

  async pictureFiles(): Promise<Map<string, Buffer>> {
    const { rows } = await this.pool.query<{ path: string; data: Buffer }>('SELECT path, data FROM picture_files');
    return new Map(rows.map((row) => [row.path, row.data]));
  }

  async removePicture(name: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM pictures WHERE name = $1', [name]);
    return rowCount === 1;
  }
}
