/** The map provider: the About page embeds its map, and the server's CSP allows it as a frame source. */
export const MAP_ORIGIN = 'https://www.openstreetmap.org';
