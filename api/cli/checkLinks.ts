import { diskFolder } from '../../src/content/contentFolder';
import { siteAddresses } from '../linkCheck/addresses';
import { fetchLinks } from '../linkCheck/fetchLinks';
import { nextLinkState } from '../linkCheck/linkRule';
import { reported } from '../linkCheck/sourcesReport';

/**
 * `npm run check:links [-- DIR]`: fetches every address the content folder (PAGES_DIR, or DIR)
 * names, in every language, its pages' sources and their text alike, with the server's policy
 * (a browser's user agent, retries with backoff, 403 and 429 taken as answers), and lists each one
 * that failed or whose certificate could not be verified at every file, line and column that names
 * it. One run cannot tell a site down for the evening from a page gone: the server's own check
 * (LINK_CHECK_HOURS) reports a link broken only after two runs a day apart; this one is for a
 * person who wants to know now. Exits 1 when an address failed.
 */
const folder = diskFolder(process.argv[2] ?? process.env.PAGES_DIR ?? 'pages-data');
const addresses = await siteAddresses(folder);
console.log(`Checking ${addresses.size} addresses named in ${folder.label}…`);
const fetched = await fetchLinks([...addresses.keys()]);
const at = new Date().toISOString();
const states = [...addresses].flatMap(([url, files]) => {
  const answer = fetched.get(url);
  return answer ? [nextLinkState(undefined, url, files, answer, at)] : [];
});
const failed = states.filter((state) => state.outcome === 'failed');
const warned = states.filter((state) => state.outcome === 'warning');
for (const [heading, list] of [
  ['Failed', failed],
  ['Certificate not verified (open it in a browser to see that it works)', warned],
] as const) {
  for (const link of list.flatMap((state) => reported(state, at, folder))) {
    console.log(`\n${heading}: ${link.url} (${link.detail})`);
    for (const place of link.places) console.log(`  ${folder.label}/${place.file}:${place.line}:${place.col} ${place.path}`);
  }
}
console.log(
  `\n${states.length} checked: ${states.length - failed.length - warned.length} answered, ${failed.length} failed, ${warned.length} warnings.`,
);
process.exitCode = failed.length > 0 ? 1 : 0;
