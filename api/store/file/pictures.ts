import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Low } from 'lowdb';
import type { PictureInfo, PictureStore, StoredPicture } from '../PictureStore';
import { writeDurably } from './durableJsonFile';
import { openJsonFile } from './openJsonFile';
import { DIR_MODE } from './segmentedRecords';

interface PicturesData {
  pictures: (PictureInfo & { files: string[] })[];
}

const isPicturesData = (data: unknown): data is PicturesData =>
  typeof data === 'object' && data !== null && Array.isArray((data as PicturesData).pictures);

/** A content-folder path (images/sizes/x-400.webp) as one file name in DATA_DIR/pictures. */
const storedName = (file: string) => file.replaceAll('/', '~');

/**
 * Uploaded pictures in DATA_DIR: pictures.json lists them, and pictures/ holds each size as a
 * file of its own, written before pictures.json names it (a crash in between leaves unused
 * files, never a listed picture without its bytes) and removed after it stops naming it.
 */
export class FilePictures implements PictureStore {
  /** Names being written: taken before the first await so two uploads of one name never share files. */
  private readonly reserved = new Set<string>();

  private constructor(
    private readonly db: Low<PicturesData>,
    private readonly dir: string,
  ) {}

  static async open(dataDir: string): Promise<FilePictures> {
    const dir = path.join(dataDir, 'pictures');
    await mkdir(dir, { recursive: true, mode: DIR_MODE });
    return new FilePictures(await openJsonFile<PicturesData>(path.join(dataDir, 'pictures.json'), { pictures: [] }, isPicturesData), dir);
  }

  async addPicture({ files, ...info }: StoredPicture): Promise<boolean> {
    if (this.reserved.has(info.name) || this.db.data.pictures.some((picture) => picture.name === info.name)) return false;
    this.reserved.add(info.name);
    try {
      for (const [file, bytes] of Object.entries(files)) await writeDurably(path.join(this.dir, storedName(file)), bytes);
      const entry = { ...structuredClone(info), files: Object.keys(files) };
      this.db.data.pictures.push(entry);
      try {
        await this.db.write();
      } catch (error) {
        // Not written, so not listed: memory goes back to what the file says.
        this.db.data.pictures = this.db.data.pictures.filter((picture) => picture !== entry);
        throw error;
      }
      return true;
    } finally {
      this.reserved.delete(info.name);
    }
  }

  pictureList(): Promise<PictureInfo[]> {
    return Promise.resolve(this.db.data.pictures.map(({ files: _files, ...info }) => structuredClone(info)));
  }

  async pictureFiles(): Promise<Map<string, Buffer>> {
    const files = this.db.data.pictures.flatMap((picture) => picture.files);
    const read = await Promise.all(files.map(async (file) => [file, await readFile(path.join(this.dir, storedName(file)))] as const));
    return new Map(read);
  }

  async removePicture(name: string): Promise<boolean> {
    const picture = this.db.data.pictures.find((entry) => entry.name === name);
    if (!picture) return false;
    const before = this.db.data.pictures;
    this.db.data.pictures = before.filter((entry) => entry !== picture);
    try {
      await this.db.write();
    } catch (error) {
      this.db.data.pictures = before;
      throw error;
    }
    await Promise.all(picture.files.map((file) => rm(path.join(this.dir, storedName(file)), { force: true })));
    return true;
  }

  flush(): Promise<void> {
    return this.db.write();
  }
}
