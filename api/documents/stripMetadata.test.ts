import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { sniffDocument } from './documentKind';
import { DamagedFileError, stripMetadata } from './stripMetadata';

const EXIF = {
  IFD0: { Make: 'PhoneMakerX', Model: 'ModelY9', Software: 'CameraAppZ' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 52/1 4/1', GPSLongitudeRef: 'E', GPSLongitude: '75/1 20/1 36/1' },
};
const TRACES = ['PhoneMakerX', 'ModelY9', 'CameraAppZ', 'Copyright Notice Q'];

/** A small photo as a phone saves it: location, camera and a comment, turned by its Exif orientation. */
async function photo(format: 'jpeg' | 'png' | 'webp', orientation = 6) {
  const pixels = sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 120, b: 40 } } }).composite([
    { input: { create: { width: 10, height: 10, channels: 3, background: { r: 0, g: 0, b: 255 } } }, left: 3, top: 4 },
  ]);
  const made = await sharp(await pixels.png().toBuffer())
    .withExif(EXIF)
    .withMetadata({ orientation })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><dc:rights>Copyright Notice Q</dc:rights></rdf:RDF></x:xmpmeta>')
    .toFormat(format)
    .toBuffer();
  return made;
}

const pixelsOf = (bytes: Buffer) => sharp(bytes).rotate().raw().toBuffer();

describe('stripping a photo of its metadata', () => {
  test.each(['jpeg', 'png', 'webp'] as const)(
    'a %s keeps its picture, byte for byte in its pixels, and loses camera, location and XMP',
    async (format) => {
      const original = await photo(format);
      expect(TRACES.some((trace) => original.includes(trace))).toBe(true);
      const type = sniffDocument(original);
      expect(type).toEqual({ type: `image/${format}` });
      const stripped = stripMetadata(`image/${format}`, original);
      for (const trace of TRACES) expect(stripped.includes(trace), trace).toBe(false);
      const metadata = await sharp(stripped).metadata();
      expect(metadata.xmp).toBeUndefined();
      expect(await pixelsOf(stripped)).toEqual(await pixelsOf(original));
      // The orientation stays, alone: a portrait photo stands upright.
      expect(metadata.orientation).toBe(6);
      expect(metadata.exif!.length).toBeLessThan(40);
      expect(stripped.length).toBeLessThan(original.length);
    },
  );

  test('coordinates planted in a reserved JPEG marker (JPG5) and an unknown WebP chunk are gone: only what draws the picture is kept', async () => {
    const planted = Buffer.from('lat=18.5204 lon=73.8567', 'latin1');
    const jpeg = await photo('jpeg', 1);
    const jpg5 = Buffer.concat([Buffer.from([0xff, 0xf5, 0, planted.length + 2]), planted]);
    const plantedJpeg = Buffer.concat([jpeg.subarray(0, 2), jpg5, jpeg.subarray(2)]);
    const webp = await photo('webp', 1);
    const chunk = Buffer.concat([Buffer.from('LOCA', 'latin1'), Buffer.alloc(4), planted, Buffer.alloc(planted.length % 2)]);
    chunk.writeUInt32LE(planted.length, 4);
    const plantedWebp = Buffer.concat([webp, chunk]);
    plantedWebp.writeUInt32LE(plantedWebp.length - 8, 4);
    for (const [type, original, clean] of [
      ['image/jpeg', plantedJpeg, jpeg],
      ['image/webp', plantedWebp, webp],
    ] as const) {
      expect(original.includes(planted), type).toBe(true);
      const stripped = stripMetadata(type, original);
      expect(stripped.includes('18.5204'), type).toBe(false);
      expect(await pixelsOf(stripped)).toEqual(await pixelsOf(clean));
    }
  });

  test('a JPEG without orientation gets none, and what follows its end (a phone’s second picture) goes', async () => {
    const original = Buffer.concat([await photo('jpeg', 1), Buffer.from('MotionPhoto_Data PhoneMakerX trailer')]);
    const stripped = stripMetadata('image/jpeg', original);
    expect(stripped.includes('MotionPhoto_Data')).toBe(false);
    expect((await sharp(stripped).metadata()).exif).toBeUndefined();
    expect(stripped.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  test('a file cut short is refused as damaged, and a PDF is kept as it came', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const whole = await photo(format);
      expect(() => stripMetadata(`image/${format}`, whole.subarray(0, whole.length / 2)), format).toThrow(DamagedFileError);
    }
    const pdf = Buffer.from('%PDF-1.4\n% Author: someone\n%%EOF\n');
    expect(stripMetadata('application/pdf', pdf)).toBe(pdf);
  });
});

describe('recognising a document by its bytes', () => {
  test('markup is named as what it is, whatever the file is called', () => {
    expect(sniffDocument(Buffer.from('<!DOCTYPE html><html><body>PAN</body></html>'))).toEqual({ other: 'html' });
    expect(sniffDocument(Buffer.from('\uFEFF  <?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ other: 'svg' });
    expect(sniffDocument(Buffer.from('PK\x03\x04 a zip'))).toEqual({ other: 'unknown' });
    expect(sniffDocument(Buffer.from('%PDF-1.7\n'))).toEqual({ type: 'application/pdf' });
  });
});
