import { expect, test } from 'vitest';
import { memoryFolder } from '../../src/content/contentFolder';
import type { PageState } from '../store/PageStore';
import { hashOf, deployChangedFiles } from './publishedFolder';

const at = '2026-11-01T10:00:00.000Z';
const by = { id: 'id-asha', username: 'asha' };
const published = (file: string, source: string | null, deployed: string | null): PageState => ({
  file,
  head: '3',
  published: { revision: '3', commit: '1', at, by, source, deployedHash: hashOf(deployed) },
});

test('a file’s hash is the SHA-256 of its text; no file has none', () => {
  expect(hashOf('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  expect(hashOf('title: Home\n')).not.toBe(hashOf('title: Home \n'));
  expect(hashOf(null)).toBeNull();
});

test('a file is to reconcile when a deploy changed it after an editor published it, and the two differ', () => {
  const deployed = memoryFolder(
    new Map([
      ['same.yaml', 'title: Deployed as before\n'],
      ['caught-up.yaml', 'title: The editor’s text, deployed\n'],
      ['changed.yaml', 'title: Changed by a developer\n'],
    ]),
  );
  const states: PageState[] = [
    published('same.yaml', 'title: The editor’s\n', 'title: Deployed as before\n'),
    published('caught-up.yaml', 'title: The editor’s text, deployed\n', 'title: Old\n'),
    published('changed.yaml', 'title: The editor’s\n', 'title: Old\n'),
    // The deploy removed a file an editor had published.
    published('removed.yaml', 'title: The editor’s\n', 'title: Old\n'),
    // Removed by the editor and gone from the deploy too.
    published('gone.yaml', null, null),
    { file: 'draft-only.yaml', head: '1', draft: { source: 'title: New\n', revision: '1', basedOn: '0', at, by } },
  ];
  expect(deployChangedFiles(deployed, states)).toEqual(new Set(['changed.yaml', 'removed.yaml']));
});
