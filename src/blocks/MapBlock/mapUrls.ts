import { MAP_ORIGIN } from '../../shared/mapProvider';

/** The map provider's addresses for a point. */
export function mapUrls({ lat, lon }: { lat: number; lon: number }) {
  const span = { lat: 0.006, lon: 0.01 };
  const bbox = [lon - span.lon, lat - span.lat, lon + span.lon, lat + span.lat].map((n) => n.toFixed(5)).join(',');
  return {
    embed: `${MAP_ORIGIN}/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lon}`,
    page: `${MAP_ORIGIN}/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`,
  };
}
