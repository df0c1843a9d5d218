import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { changesOf, DEPLOYED } from '../shared/changeSet';
import { checkContent } from './checkContent';
import { diskFolder, memoryFolder, withFiles } from './contentFolder';
import { planDrafts, planNewPage, planPublish, planRemoval, planRollback, type PlanView, type StoredFile } from './planChange';
import { englishFingerprint } from './translations';

/** The real pages-data/, held in memory, so each plan is checked the way the server checks it. */
const real = diskFolder(path.resolve(import.meta.dirname, '../../pages-data'));
const live = memoryFolder(new Map(real.files.map((file) => [file, real.readBytes(file)])));
const view = (stored: Record<string, StoredFile> = {}): PlanView => ({ live, stored: (file) => stored[file] });
const errors = (folder: ReturnType<typeof withFiles>) => checkContent(folder).problems.filter((problem) => problem.severity === 'error');
const untranslated = (text: string | null) => (parse(text ?? '') as { untranslated?: Record<string, string[]> }).untranslated;
const CLCSS = live.read('clcss.yaml');

describe('one plan for each thing an editor does', () => {
  test('saving drafts is the files as written, each on the revision it was made from', () => {
    const menu = planDrafts([
      { path: '_site.yaml', text: 'a', basedOn: '4' },
      { path: 'mr/_site.yaml', text: 'b', basedOn: DEPLOYED },
      { path: 'hi/_site.yaml', text: 'c', basedOn: '9' },
    ]);
    expect(menu).toEqual({
      files: [
        { path: '_site.yaml', text: 'a', basedOn: '4' },
        { path: 'mr/_site.yaml', text: 'b', basedOn: DEPLOYED },
        { path: 'hi/_site.yaml', text: 'c', basedOn: '9' },
      ],
    });
  });

  test('publishing a changed English page is that page alone, with the note', () => {
    const text = CLCSS.replace('title: Credit Linked Capital Subsidy Scheme (CLCSS)', 'title: CLCSS, ended in 2020');
    const change = planPublish(
      view({ 'clcss.yaml': { head: '12', draft: text } }),
      { path: 'clcss.yaml', text, basedOn: '12' },
      [],
      'Title',
    );
    expect(change).toEqual({ files: [{ path: 'clcss.yaml', text, basedOn: '12' }], note: 'Title' });
    expect(errors(withFiles(live, changesOf(change)))).toEqual([]);
  });

  test('a new page is listed as not yet translated in every other language, in the same change set', () => {
    const started = planNewPage(view(), 'solar-rooftop.yaml', 'clcss.yaml');
    if ('refused' in started) throw new Error(started.refused.message);
    expect(started).toEqual({ files: [{ path: 'solar-rooftop.yaml', text: CLCSS, basedOn: DEPLOYED }] });
    // Checked alone, the new page lacks its translations; planned, it is listed instead, and the site passes.
    expect(errors(withFiles(live, changesOf(started))).map((problem) => problem.file)).toEqual([
      'hi/solar-rooftop.yaml',
      'mr/solar-rooftop.yaml',
    ]);
    const change = planPublish(view({ 'solar-rooftop.yaml': { head: '3', draft: CLCSS }, '_site.yaml': { head: '2' } }), {
      path: 'solar-rooftop.yaml',
      text: CLCSS,
      basedOn: '3',
    });
    expect(change.files.map((file) => [file.path, file.basedOn])).toEqual([
      ['solar-rooftop.yaml', '3'],
      ['_site.yaml', '2'],
    ]);
    expect(untranslated(change.files[1]!.text)).toEqual({ mr: ['/solar-rooftop'], hi: ['/solar-rooftop'] });
    expect(errors(withFiles(live, changesOf(change)))).toEqual([]);
  });

  test('a new translation is stamped against its English, and taken off the list, in the same change set', () => {
    const listed = withFiles(live, changesOf(planPublish(view(), { path: 'solar-rooftop.yaml', text: CLCSS, basedOn: DEPLOYED })));
    const after = { live: listed, stored: () => undefined };
    const started = planNewPage(after, 'mr/solar-rooftop.yaml', 'solar-rooftop.yaml');
    if ('refused' in started) throw new Error(started.refused.message);
    const translation = started.files[0]!.text!.replace('CLCSS', 'सीएलसीएसएस');
    const change = planPublish(after, { path: 'mr/solar-rooftop.yaml', text: translation, basedOn: '1' });
    const [marathi, site] = change.files;
    expect(marathi!.text).toContain(`source: ${englishFingerprint(listed, 'solar-rooftop.yaml')}`);
    expect(marathi!.text!.replace(/^source: .*\n/m, '')).toBe(translation);
    expect(untranslated(site!.text)).toEqual({ hi: ['/solar-rooftop'] });
    expect(errors(withFiles(listed, changesOf(change)))).toEqual([]);
  });

  test('a companion draft in another language goes in the same change set, stamped against the English it goes live with', () => {
    const english = live.read('_site.yaml').replace('tagline:', 'tagline: New words.\nold_tagline:');
    const marathi = live.read('mr/_site.yaml');
    const change = planPublish(view(), { path: '_site.yaml', text: english, basedOn: '5' }, [
      { path: 'mr/_site.yaml', text: marathi, basedOn: '6' },
    ]);
    expect(change.files.map((file) => [file.path, file.basedOn])).toEqual([
      ['_site.yaml', '5'],
      ['mr/_site.yaml', '6'],
    ]);
    const planned = withFiles(live, changesOf(change));
    expect(change.files[1]!.text).toContain(`source: ${englishFingerprint(planned, '_site.yaml')}`);
  });

  test('removing a page takes its translations with it and takes it off the lists', () => {
    const change = planRemoval(view({ 'mr/clcss.yaml': { head: '7' } }), 'clcss.yaml');
    if ('refused' in change) throw new Error(change.refused.message);
    expect(change.files.map((file) => [file.path, file.text, file.basedOn])).toEqual([
      ['clcss.yaml', null, DEPLOYED],
      ['hi/clcss.yaml', null, DEPLOYED],
      ['mr/clcss.yaml', null, '7'],
    ]);
    // The menu still links to it: the check names where, and publish would refuse it the same way.
    expect(errors(withFiles(live, changesOf(change))).map((problem) => problem.file)).toContain('_site.yaml');
    expect(planRemoval(view(), '_site.yaml')).toMatchObject({ refused: { field: 'file' } });
  });

  test('a rollback publishes an old revision as it was, unstamped, with a note saying so', () => {
    const old = live.read('mr/clcss.yaml').replace(/^source: .*$/m, 'source: 000000000000');
    expect(planRollback(view({ 'mr/clcss.yaml': { head: '8' } }), { path: 'mr/clcss.yaml', text: old, basedOn: '8' }, '3')).toEqual({
      files: [{ path: 'mr/clcss.yaml', text: old, basedOn: '8' }],
      note: 'Rollback to revision 3',
    });
  });

  test('a new page needs a free address that is no admin path, a page to start from, and a translation its English page', () => {
    expect(planNewPage(view(), 'solar rooftop.yaml', 'clcss.yaml')).toMatchObject({ refused: { field: 'file', status: 400 } });
    expect(planNewPage(view(), 'admin.yaml', 'clcss.yaml')).toMatchObject({ refused: { field: 'file', status: 400 } });
    expect(planNewPage(view(), 'clcss.yaml', 'about.yaml')).toMatchObject({ refused: { field: 'file', status: 409 } });
    expect(planNewPage(view({ 'new.yaml': { head: '2', draft: 'x' } }), 'new.yaml', 'about.yaml')).toMatchObject({
      refused: { status: 409 },
    });
    expect(planNewPage(view(), 'new.yaml', '_site.yaml')).toMatchObject({ refused: { field: 'template' } });
    expect(planNewPage(view(), 'mr/nowhere.yaml', 'clcss.yaml')).toMatchObject({ refused: { field: 'file' } });
    expect(planNewPage(view(), 'xx/yy/new.yaml', 'clcss.yaml')).toMatchObject({ refused: { field: 'file' } });
  });
});
