import { expect, test } from 'vitest';
import { basePath, fill, languageName, languageOf, localPath } from './languages';

test('an address names its language by its first part; anything else is English', () => {
  expect(['/mr', '/mr/homeloan', '/hi/contactus', '/homeloan', '/', '/mrx', '/fr/homeloan'].map(languageOf)).toEqual([
    'mr',
    'mr',
    'hi',
    'en',
    'en',
    'en',
    'en',
  ]);
  expect(['/mr', '/mr/homeloan', '/homeloan'].map(basePath)).toEqual(['/', '/homeloan', '/homeloan']);
});

test('links within a language keep its prefix; other sites, anchors and English stay as they are', () => {
  expect(localPath('mr', '/')).toBe('/mr');
  expect(localPath('mr', '/homeloan')).toBe('/mr/homeloan');
  expect(localPath('hi', '/contactus?from=%2Fhi%2Fhomeloan')).toBe('/hi/contactus?from=%2Fhi%2Fhomeloan');
  expect(localPath('mr', '/?amount=1')).toBe('/mr?amount=1');
  expect(localPath('mr', 'https://kviconline.gov.in/')).toBe('https://kviconline.gov.in/');
  expect(localPath('mr', '#main')).toBe('#main');
  expect(localPath('en', '/homeloan')).toBe('/homeloan');
});

test('places in braces are filled; unknown ones stay visible rather than vanish', () => {
  expect(fill('Page last updated on {date}.', { date: '22 नोव्हेंबर 2026' })).toBe('Page last updated on 22 नोव्हेंबर 2026.');
  expect(fill('{first} to {last}', { first: 'Monday' })).toBe('Monday to {last}');
  expect(languageName('mr')).toBe('मराठी (mr)');
  expect(languageName(undefined)).toBe('—');
});
