import { expect, test } from 'vitest';
import { fill, SiteLanguages } from './languages';

const languages = new SiteLanguages([
  { code: 'en', name: 'English' },
  { code: 'mr', name: 'मराठी' },
  { code: 'hi', name: 'हिंदी' },
]);

test('an address names its language by its first part; anything else is English', () => {
  expect(['/mr', '/mr/homeloan', '/hi/contactus', '/homeloan', '/', '/mrx', '/fr/homeloan'].map((path) => languages.of(path))).toEqual([
    'mr',
    'mr',
    'hi',
    'en',
    'en',
    'en',
    'en',
  ]);
  expect(['/mr', '/mr/homeloan', '/homeloan'].map((path) => languages.basePath(path))).toEqual(['/', '/homeloan', '/homeloan']);
});

test('links within a language keep its prefix; other sites, anchors and English stay as they are', () => {
  expect(languages.localPath('mr', '/')).toBe('/mr');
  expect(languages.localPath('mr', '/homeloan')).toBe('/mr/homeloan');
  expect(languages.localPath('hi', '/contactus?from=%2Fhi%2Fhomeloan')).toBe('/hi/contactus?from=%2Fhi%2Fhomeloan');
  expect(languages.localPath('mr', '/?amount=1')).toBe('/mr?amount=1');
  expect(languages.localPath('mr', 'https://kviconline.gov.in/')).toBe('https://kviconline.gov.in/');
  expect(languages.localPath('mr', '#main')).toBe('#main');
  expect(languages.localPath('en', '/homeloan')).toBe('/homeloan');
});

test('places in braces are filled; unknown ones stay visible rather than vanish', () => {
  expect(fill('Page last updated on {date}.', { date: '22 नोव्हेंबर 2026' })).toBe('Page last updated on 22 नोव्हेंबर 2026.');
  expect(fill('{first} to {last}', { first: 'Monday' })).toBe('Monday to {last}');
  expect(languages.label('mr')).toBe('मराठी (mr)');
  expect(languages.label(undefined)).toBe('—');
  expect(languages.has('hi') && !languages.has('fr') && !languages.has(undefined)).toBe(true);
});
