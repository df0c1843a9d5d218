import { describe, expect, test } from 'vitest';
import { mapUrls } from './mapUrls';

const point = { lat: 19.8762, lon: 75.3433 };

function bboxOf(url: URL) {
  const [west, south, east, north] = url.searchParams.get('bbox')!.split(',').map(Number);
  return { west: west!, south: south!, east: east!, north: north! };
}

describe('mapUrls', () => {
  test('the embed is an https page on www.openstreetmap.org', () => {
    const embed = new URL(mapUrls(point).embed);
    expect(embed.protocol).toBe('https:');
    expect(embed.host).toBe('www.openstreetmap.org');
    expect(embed.pathname).toBe('/export/embed.html');
  });

  test('the embed puts a marker exactly on the point', () => {
    const embed = new URL(mapUrls(point).embed);
    expect(embed.searchParams.get('marker')).toBe(`${point.lat},${point.lon}`);
  });

  test('the embed shows a small area centred on the point', () => {
    const { west, south, east, north } = bboxOf(new URL(mapUrls(point).embed));
    for (const n of [west, south, east, north]) expect(Number.isFinite(n)).toBe(true);
    expect(west).toBeLessThan(point.lon);
    expect(east).toBeGreaterThan(point.lon);
    expect(south).toBeLessThan(point.lat);
    expect(north).toBeGreaterThan(point.lat);
    expect((west + east) / 2).toBeCloseTo(point.lon, 4);
    expect((south + north) / 2).toBeCloseTo(point.lat, 4);
    // A street-level view, not a whole region.
    expect(east - west).toBeLessThan(0.1);
    expect(north - south).toBeLessThan(0.1);
  });

  test('works for points west of Greenwich and south of the equator', () => {
    const rio = { lat: -22.9068, lon: -43.1729 };
    const embed = new URL(mapUrls(rio).embed);
    const { west, south, east, north } = bboxOf(embed);
    expect(west).toBeLessThan(rio.lon);
    expect(east).toBeGreaterThan(rio.lon);
    expect(south).toBeLessThan(rio.lat);
    expect(north).toBeGreaterThan(rio.lat);
    expect(embed.searchParams.get('marker')).toBe(`${rio.lat},${rio.lon}`);
  });

  test('the page link opens OpenStreetMap with a pin on the point, zoomed in on it', () => {
    const page = new URL(mapUrls(point).page);
    expect(page.protocol).toBe('https:');
    expect(page.host).toBe('www.openstreetmap.org');
    expect(page.searchParams.get('mlat')).toBe(String(point.lat));
    expect(page.searchParams.get('mlon')).toBe(String(point.lon));
    const [zoom, lat, lon] = page.hash.replace('#map=', '').split('/');
    expect(Number(zoom)).toBeGreaterThanOrEqual(14);
    expect(Number(lat)).toBe(point.lat);
    expect(Number(lon)).toBe(point.lon);
  });
});
