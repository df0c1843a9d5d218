import type { Actor } from './Store';

/**
 * A picture uploaded in the page editor, as the site serves it: `name` is its file in the
 * images folder (a page's `image.src` is images/<name>), `files` every size of it by its path
 * in the content folder, the largest fallback at images/<name> among them.
 */
export interface StoredPicture {
  name: string;
  alt: string;
  width: number;
  height: number;
  /** Bytes of the picture at images/<name>, the one a browser without WebP downloads. */
  bytes: number;
  at: string;
  by: Actor;
  files: Record<string, Buffer>;
}

export type PictureInfo = Omit<StoredPicture, 'files'>;

/**
 * Uploaded pictures, kept in the store so every instance serves them. A picture is written
 * whole or not at all; names are never reused while a picture has them.
 */
export interface PictureStore {
  /** Stores the picture; false (and nothing written) when its name is taken. */
  addPicture(picture: StoredPicture): Promise<boolean>;
  /** Every picture without its bytes, oldest first. */
  pictureList(): Promise<PictureInfo[]>;
  /** Every picture's files by their path in the content folder. */
  pictureFiles(): Promise<Map<string, Buffer>>;
  /** Removes the picture; false when there is none of that name. */
  removePicture(name: string): Promise<boolean>;
}
