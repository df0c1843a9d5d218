import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { IMAGES_DIR } from '../../src/content/contentFiles';
import { filesOfPicture, SIZES_DIR } from '../../src/content/pictureSizes';
import { isoNow } from '../clock';
import type { ServerContext } from '../context';
import { actorOf, auditedBy, pagesReady, type SessionEnv } from '../middleware/requireSession';
import { sameOriginJson, sameOriginUpload } from '../middleware/sameOriginJson';
import { MAX_PICTURE_BYTES, preparePicture } from '../pictures/preparePicture';

/** The picture and its alt text, with room for the form's own boundaries and headers. */
const MAX_UPLOAD_BYTES = MAX_PICTURE_BYTES + 64 * 1024;
const MAX_ALT_LENGTH = 250;
const tooLarge = 'The picture is larger than 5 MB. Save it smaller (a lower quality or fewer pixels) and upload it again.';

/**
 * Pictures for pages: owners and editors upload them (checked and re-encoded by
 * preparePicture), list them with the files that use them, and delete those no file uses.
 */
export function pictureRoutes({ store, config, clock, publisher }: ServerContext) {
  const ready = pagesReady(store, config, clock);
  return (
    new Hono<SessionEnv>()
      .get(ADMIN_API.pictures, ...ready, async (c) => {
        const pictures = await store.pictures.pictureList();
        const used = await publisher.picturesUsedBy(pictures.map((picture) => picture.name));
        return c.json({
          items: pictures.map(({ name, alt, width, height, bytes }) => ({
            src: `${IMAGES_DIR}/${name}`,
            alt,
            width,
            height,
            bytes,
            usedBy: used.get(name)!,
          })),
        });
      })
      .post(
        ADMIN_API.pictures,
        bodyLimit({ maxSize: MAX_UPLOAD_BYTES, onError: (c) => c.json({ message: tooLarge }, 413) }),
        ...ready,
        sameOriginUpload(config.siteUrl),
        async (c) => {
          let form: FormData;
          try {
            form = await c.req.formData();
          } catch {
            return c.json({ message: 'The upload could not be read. Choose the picture again.' }, 400);
          }
          const file = form.get('file');
          const given = form.get('alt');
          const alt = typeof given === 'string' ? given.trim() : '';
          if (!(file instanceof File)) return c.json({ message: 'Choose a picture to upload.', errors: { file: 'Choose a picture' } }, 400);
          if (!alt) {
            const message = 'Describe the picture for people who cannot see it (its alt text) before uploading it.';
            return c.json({ message, errors: { alt: message } }, 400);
          }
          if (alt.length > MAX_ALT_LENGTH) {
            const message = `Keep the alt text to ${MAX_ALT_LENGTH} characters; it has ${alt.length}.`;
            return c.json({ message, errors: { alt: message } }, 400);
          }
          const prepared = await preparePicture(file.name, Buffer.from(await file.arrayBuffer()));
          if ('status' in prepared) return c.json({ message: prepared.message, errors: { file: prepared.message } }, prepared.status);
          // A base is taken whatever its extension: shop.jpg and shop.png would share images/sizes/shop-400.webp.
          const baseOf = (file: string) => file.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
          const taken = new Set([
            ...(await store.pictures.pictureList()).map((picture) => baseOf(picture.name)),
            ...publisher.current.files.filter((file) => file.startsWith(`${IMAGES_DIR}/`)).map(baseOf),
          ]);
          let base = prepared.base;
          for (let n = 2; taken.has(base); n += 1) base = `${prepared.base}-${n}`;
          const name = `${base}${prepared.extension}`;
          const files = Object.fromEntries(
            Object.entries(prepared.files).map(([path, bytes]) => [
              path === `${IMAGES_DIR}/${prepared.base}${prepared.extension}`
                ? `${IMAGES_DIR}/${name}`
                : path.replace(`${SIZES_DIR}/${prepared.base}-`, `${SIZES_DIR}/${base}-`),
              bytes,
            ]),
          );
          const main = files[`${IMAGES_DIR}/${name}`]!;
          const picture = {
            name,
            alt,
            width: prepared.width,
            height: prepared.height,
            bytes: main.length,
            at: isoNow(clock),
            by: actorOf(c.var.signedIn),
          };
          if (!(await store.pictures.addPicture({ ...picture, files })))
            return c.json({ message: 'Another picture of the same name was uploaded at this moment; upload this one again.' }, 409);
          await publisher.addPicture(new Map(Object.entries(files)));
          await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'picture-add', detail: `${IMAGES_DIR}/${name}` });
          return c.json({ src: `${IMAGES_DIR}/${name}`, width: picture.width, height: picture.height, alt }, 201);
        },
      )
      // The picker's thumbnail: the smallest WebP. The public site serves a picture only once a page shows it.
      .get(ADMIN_API.picture, ...ready, (c) => {
        const name = c.req.param('name');
        const width = (file: string) => Number(/-(\d+)\.webp$/.exec(file)?.[1] ?? Infinity);
        const [smallest] = filesOfPicture(publisher.current.files, name)
          .filter((file) => file.endsWith('.webp'))
          .sort((a, b) => width(a) - width(b));
        if (!smallest) return c.json({ message: 'There is no uploaded picture of that name.' }, 404);
        c.header('Content-Type', 'image/webp');
        return c.body(new Uint8Array(publisher.current.readBytes(smallest)));
      })
      .delete(ADMIN_API.picture, ...ready, sameOriginJson(config.siteUrl), async (c) => {
        const name = c.req.param('name');
        const known = (await store.pictures.pictureList()).some((picture) => picture.name === name);
        if (!known) return c.json({ message: 'There is no uploaded picture of that name.' }, 404);
        const outcome = await publisher.removePicture(name);
        if ('usedBy' in outcome)
          return c.json(
            {
              message: `${IMAGES_DIR}/${name} is still used by ${outcome.usedBy.join(', ')}. Take it out of those pages first.`,
              usedBy: outcome.usedBy,
            },
            409,
          );
        await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'picture-remove', detail: `${IMAGES_DIR}/${name}` });
        return c.body(null, 204);
      })
  );
}
