import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { memoryFolder } from './contentFolder';
import { readUntranslated, untranslatedInStep, writeUntranslated } from './untranslatedList';

const listUntranslated = (source: string, route: string, codes: string[]) => {
  const lists = readUntranslated(source);
  for (const code of codes) if (!lists.get(code)?.includes(route)) lists.set(code, [...(lists.get(code) ?? []), route]);
  return writeUntranslated(source, lists);
};
const unlistUntranslated = (source: string, route: string) =>
  writeUntranslated(
    source,
    new Map([...readUntranslated(source)].map(([code, routes]) => [code, routes.filter((listed) => listed !== route)])),
  );

const SITE = readFileSync(new URL('../../pages-data/_site.yaml', import.meta.url), 'utf8');

describe('the untranslated lists of the site file', () => {
  test('a new page is listed in each language, and nothing else in the real site file changes by a byte', () => {
    const listed = listUntranslated(SITE, '/solarrooftop', ['mr', 'hi']);
    expect(listed.startsWith(SITE)).toBe(true);
    expect(listed.slice(SITE.length)).toBe('untranslated:\n  mr: [/solarrooftop]\n  hi: [/solarrooftop]\n');
    expect(unlistUntranslated(listed, '/solarrooftop')).toBe(SITE);
  });

  test('an existing section keeps its place and the comments around it; other routes stay listed', () => {
    const source = '# Firm\nname: A # kept\nuntranslated:\n  mr:\n    - /homeloan\n# after\nfooter: x\n';
    const listed = listUntranslated(source, '/new', ['mr', 'hi']);
    expect(listed).toBe('# Firm\nname: A # kept\nuntranslated:\n  mr: [/homeloan, /new]\n  hi: [/new]\n# after\nfooter: x\n');
    expect(parse(unlistUntranslated(listed, '/new'))).toEqual({ name: 'A', untranslated: { mr: ['/homeloan'] }, footer: 'x' });
    expect(unlistUntranslated(unlistUntranslated(listed, '/new'), '/homeloan')).toBe('# Firm\nname: A # kept\n# after\nfooter: x\n');
  });

  test('a route already listed, or not listed, leaves the text exactly as it was', () => {
    const source = 'untranslated: {mr: [/a]}\n';
    expect(listUntranslated(source, '/a', ['mr'])).toBe(source);
    expect(unlistUntranslated(source, '/b')).toBe(source);
  });
});

describe('untranslatedInStep', () => {
  const folder = (files: Record<string, string>) => memoryFolder(new Map(Object.entries(files)));
  const SITE_FILE = 'languages:\n  - {code: en, name: English}\n  - {code: mr, name: मराठी}\n  - {code: hi, name: हिंदी}\n';

  test('lists a page each language lacks, takes off one translated or gone, and is undefined when in step', () => {
    const site = `${SITE_FILE}untranslated:\n  mr: [/gone, /about]\n`;
    const written = untranslatedInStep(
      folder({ '_site.yaml': site, 'about.yaml': '', 'new.yaml': '', 'mr/new.yaml': '', 'hi/about.yaml': '' }),
    );
    expect(written).toBe(`${SITE_FILE}untranslated:\n  mr: [/about]\n  hi: [/new]\n`);
    expect(
      untranslatedInStep(folder({ '_site.yaml': written!, 'about.yaml': '', 'new.yaml': '', 'mr/new.yaml': '', 'hi/about.yaml': '' })),
    ).toBeUndefined();
  });
});
