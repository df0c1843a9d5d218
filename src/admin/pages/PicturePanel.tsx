import { useEffect, useId, useRef, useState } from 'react';
import { ADMIN_API, pathTo } from '../../shared/adminPaths';
import { upload } from '../adminApi';
import { pagesApi } from './pagesApi';

export interface PictureItem {
  src: string;
  alt: string;
  width: number;
  height: number;
  bytes: number;
  usedBy: string[];
}

/** A page's `image:` for the picture; alt text that YAML would read otherwise than typed is quoted. */
export function pictureYaml(picture: Pick<PictureItem, 'src' | 'alt'>): string[] {
  const plain =
    /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} ,.()'’–-]*$/u.test(picture.alt) && !/^(yes|no|true|false|null|on|off)$/i.test(picture.alt);
  return ['image:', `  src: ${picture.src}`, `  alt: ${plain ? picture.alt : JSON.stringify(picture.alt)}`];
}

const nameOf = (src: string) => src.slice('images/'.length);
const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The pictures uploaded for pages: upload one with its alt text, insert one into the page at
 * the cursor, delete one no page uses. Each picture is drawn at its smallest size.
 */
export function PicturePanel({
  onInsert,
  onPictures,
}: {
  /** Absent where the file cannot show a picture (a site file). */
  onInsert?: (picture: PictureItem) => void;
  /** Told the library's pictures each time they are listed (the form view offers them). */
  onPictures?: (items: PictureItem[]) => void;
}) {
  const id = useId();
  const [items, setItems] = useState<PictureItem[] | undefined>();
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ file?: string; alt?: string }>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  /** Grows with each upload and delete, to list the pictures again. */
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    void pagesApi.pictures().then((answer) => {
      if (!current) return;
      if (answer.ok) {
        setItems(answer.data.items);
        onPictures?.(answer.data.items);
      }
    });
    return () => {
      current = false;
    };
  }, [version, onPictures]);

  const send = async () => {
    const file = fileInput.current?.files?.[0];
    const missing = {
      ...(!file && { file: 'Choose a picture to upload.' }),
      ...(!alt.trim() && { alt: 'Describe the picture for people who cannot see it (its alt text) before uploading it.' }),
    };
    setErrors(missing);
    if (!file || !alt.trim()) return;
    const form = new FormData();
    form.set('file', file);
    form.set('alt', alt.trim());
    setBusy(true);
    const answer = await upload<{ src: string }>(ADMIN_API.pictures, form);
    setBusy(false);
    if (!answer.ok) {
      setErrors(answer.errors ?? {});
      setMessage({ text: answer.message, error: true });
      return;
    }
    setAlt('');
    fileInput.current!.value = '';
    setMessage({
      text: `Uploaded as ${answer.data.src}.${onInsert ? ' Insert it where the cursor is with its Insert button.' : ''}`,
      error: false,
    });
    setVersion((n) => n + 1);
  };

  const remove = async (picture: PictureItem) => {
    const answer = await pagesApi.removePicture(nameOf(picture.src));
    setMessage(answer.ok ? { text: `Deleted ${picture.src}.`, error: false } : { text: answer.message, error: true });
    setVersion((n) => n + 1);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="pages-pictures">
      <h2 id={`${id}-title`}>Pictures</h2>
      <form
        className="desk-form pages-pictures__upload"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <div className="desk-form__group">
          <label htmlFor={`${id}-file`}>Picture (JPEG, PNG or WebP, at most 5 MB)</label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? `${id}-file-error` : undefined}
          />
          {errors.file && (
            <p id={`${id}-file-error`} className="field-error">
              {errors.file}
            </p>
          )}
        </div>
        <div className="desk-form__group">
          <label htmlFor={`${id}-alt`}>Alt text: what the picture shows, for people who cannot see it</label>
          <textarea
            id={`${id}-alt`}
            className="text-input"
            rows={2}
            maxLength={250}
            value={alt}
            onChange={(event) => setAlt(event.target.value)}
            aria-invalid={errors.alt ? true : undefined}
            aria-describedby={`${id}-alt-hint${errors.alt ? ` ${id}-alt-error` : ''}`}
          />
          <p id={`${id}-alt-hint`} className="field-hint">
            For example: “A dairy unit with steel milk cans”. The site makes smaller copies and removes camera and location data.
          </p>
          {errors.alt && (
            <p id={`${id}-alt-error`} className="field-error">
              {errors.alt}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload picture'}
        </button>
      </form>
      <p role={message?.error ? 'alert' : 'status'} className={message?.error ? 'field-error' : 'field-hint'}>
        {message?.text}
      </p>
      {items && items.length === 0 && <p>No pictures have been uploaded yet.</p>}
      {items && items.length > 0 && (
        <ul className="pages-pictures__list">
          {items.map((picture) => (
            <li key={picture.src} className="pages-pictures__item">
              <img
                src={pathTo(ADMIN_API.picture, { name: nameOf(picture.src) })}
                alt={picture.alt}
                width={120}
                height={Math.round((120 * picture.height) / picture.width)}
                loading="lazy"
              />
              <div>
                <p className="pages-pictures__name">{picture.src}</p>
                <p className="field-hint">
                  {picture.width} × {picture.height} px, {kilobytes(picture.bytes)}.{' '}
                  {picture.usedBy.length > 0 ? `Used by ${picture.usedBy.join(', ')}.` : 'Not used by any page.'}
                </p>
                {onInsert && (
                  <button type="button" className="button button--ghost" onClick={() => onInsert(picture)}>
                    Insert <span className="visually-hidden">{picture.src}</span>
                  </button>
                )}{' '}
                <button type="button" className="button button--ghost" onClick={() => void remove(picture)}>
                  Delete <span className="visually-hidden">{picture.src}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
