import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEPLOYED } from '../shared/changeSet';
import { diskFolder } from './contentFolder';
import { forOwner, ownersPartOf } from './reviewRule';

const real = diskFolder(path.resolve(import.meta.dirname, '../../pages-data'));
const live = (file: string) => (real.has(file) ? real.read(file) : undefined);
/** What an owner must approve of an editor's change of `file` to `text`. */
const ofOne = (file: string, text: string | null) => forOwner({ files: [{ path: file, text, basedOn: DEPLOYED }] }, live);
/** A translation's stamp as it is in the file today ("source: 8a419155fbc5"). */
const stampOf = (file: string) => /^source: [0-9a-f]{12}$/m.exec(real.read(file))![0];
const edited = (file: string, from: string, to: string) => {
  const text = real.read(file);
  expect(text, `${file} has ${from}`).toContain(from);
  return text.replace(from, to);
};

describe('which of an editor’s changes wait for an owner', () => {
  test('the firm’s phone, WhatsApp and e-mail, each named', () => {
    expect(ofOne('_site.yaml', edited('_site.yaml', 'phone: +91 90110 22334', 'phone: +91 66666 66666'))).toEqual([
      { file: '_site.yaml', keys: ['phone'] },
    ]);
    const contacts = edited('_site.yaml', 'whatsapp: "919011022334"', 'whatsapp: "916666666666"').replace(
      'email: enquiry@vardhanfinance.example',
      'email: pay@scam.example',
    );
    expect(ofOne('_site.yaml', contacts)).toEqual([{ file: '_site.yaml', keys: ['email', 'whatsapp'] }]);
  });

  test('every other detail of the site file: the address, the map, the privacy contact, the sample list and a key the file did not have', () => {
    expect(ofOne('_site.yaml', edited('_site.yaml', 'postalCode: "431003"', 'postalCode: "431001"'))).toEqual([
      { file: '_site.yaml', keys: ['address'] },
    ]);
    expect(ofOne('_site.yaml', edited('_site.yaml', 'lat: 19.8762', 'lat: 19.9'))).toEqual([{ file: '_site.yaml', keys: ['geo'] }]);
    expect(ofOne('_site.yaml', edited('_site.yaml', 'phone: +91 90110 22335', 'phone: +91 90110 22399'))).toEqual([
      { file: '_site.yaml', keys: ['privacyContact'] },
    ]);
    expect(ofOne('_site.yaml', edited('_site.yaml', 'sample: [name, phone,', 'sample: [phone,'))).toEqual([
      { file: '_site.yaml', keys: ['sample'] },
    ]);
    expect(ofOne('_site.yaml', `${real.read('_site.yaml')}grievance:\n  name: A. Person\n`)).toEqual([
      { file: '_site.yaml', keys: ['grievance'] },
    ]);
  });

  test('the menu, the footer and the untranslated lists stay the editor’s, and so do comments, layout and key order', () => {
    expect(
      ofOne('_site.yaml', edited('_site.yaml', '  - label: Career\n    to: /career\n  - label: Contact', '  - label: Contact')),
    ).toEqual([]);
    expect(ofOne('_site.yaml', edited('_site.yaml', '    - label: Privacy\n      to: /privacy\n', ''))).toEqual([]);
    expect(ofOne('_site.yaml', `${real.read('_site.yaml')}untranslated:\n  mr: [/solar-rooftop]\n`)).toEqual([]);
    const reordered = edited(
      '_site.yaml',
      'phone: +91 90110 22334\nemail: enquiry@vardhanfinance.example\n',
      '# The office line\nemail: "enquiry@vardhanfinance.example"\nphone: +91 90110 22334\n',
    );
    expect(ofOne('_site.yaml', reordered)).toEqual([]);
  });

  test('a language’s site file: its menu and its stamp are the editor’s, its tagline and privacy contact’s role are not', () => {
    const menu = edited('mr/_site.yaml', stampOf('mr/_site.yaml'), 'source: 000000000000').replace('label: मुख्य पान', 'label: मुख्यपृष्ठ');
    expect(ofOne('mr/_site.yaml', menu)).toEqual([]);
    expect(ofOne('mr/_site.yaml', edited('mr/_site.yaml', 'tagline: MSME साठी', 'tagline: फक्त आजच, MSME साठी'))).toEqual([
      { file: 'mr/_site.yaml', keys: ['tagline'] },
    ]);
  });

  test('the desk’s messages, the interface words, the privacy notice, the house style and every glossary, in every language', () => {
    expect(ofOne('_desk.yaml', edited('_desk.yaml', 'label: Sanctioned', 'label: Pay the processing fee to UPI scam@upi'))).toEqual([
      { file: '_desk.yaml', keys: ['statuses'] },
    ]);
    expect(ofOne('_ui.yaml', edited('_ui.yaml', 'menu: Menu', 'menu: Pay here'))).toEqual([{ file: '_ui.yaml', keys: ['shell'] }]);
    expect(ofOne('_privacy.yaml', edited('_privacy.yaml', 'version: 3', 'version: 4'))).toEqual([
      { file: '_privacy.yaml', keys: ['version'] },
    ]);
    expect(ofOne('_housestyle.yaml', edited('_housestyle.yaml', 'faqHeading:', 'faqTitle:'))).toEqual([
      { file: '_housestyle.yaml', keys: ['faqHeading', 'faqTitle'] },
    ]);
    expect(ofOne('_glossary.yaml', edited('_glossary.yaml', 'avoid: [Kishore]', 'avoid: [Kishore, Kisor]'))).toEqual([
      { file: '_glossary.yaml', keys: ['terms'] },
    ]);
    for (const file of ['mr/_ui.yaml', 'hi/_privacy.yaml', 'mr/_glossary.yaml']) {
      const text = real.read(file);
      expect(ofOne(file, `${text}extra: true\n`), file).toEqual([{ file, keys: ['extra'] }]);
    }
    // A translation stamped again says nothing new.
    expect(ofOne('mr/_ui.yaml', edited('mr/_ui.yaml', stampOf('mr/_ui.yaml'), 'source: 111111111111'))).toEqual([]);
  });

  test('a file that did not exist counts whole, and a text that cannot be read as a mapping is named as the file', () => {
    expect(forOwner({ files: [{ path: 'ta/_glossary.yaml', text: 'terms: []\n', basedOn: DEPLOYED }] }, () => undefined)).toEqual([
      { file: 'ta/_glossary.yaml', keys: ['terms'] },
    ]);
    expect(ofOne('_desk.yaml', '- a list\n')).toEqual([{ file: '_desk.yaml', keys: ['(file)'] }]);
    expect(ofOne('_desk.yaml', 'statuses: [unclosed\n')).toEqual([{ file: '_desk.yaml', keys: ['(file)'] }]);
  });

  test('pages, their translations, the 404 page and the forms’ words are published by editors; only the files of a change that need an owner are named', () => {
    for (const file of [
      'clcss.yaml',
      'mr/clcss.yaml',
      '_404.yaml',
      'hi/_404.yaml',
      'mr/_forms.yaml',
      'privacy.yaml',
      'x/_ui.yaml',
      'mr/x/_ui.yaml',
    ])
      expect(ownersPartOf(file), file).toBeUndefined();
    expect(ownersPartOf('_site.yaml')).toBe('details');
    expect(ownersPartOf('hi/_site.yaml')).toBe('details');
    expect(ownersPartOf('hi/_glossary.yaml')).toBe('file');
    const change = {
      files: [
        { path: 'clcss.yaml', text: 'title: Anything\n', basedOn: '3' },
        { path: '_ui.yaml', text: real.read('_ui.yaml'), basedOn: '4' },
        { path: 'hi/_ui.yaml', text: `${real.read('hi/_ui.yaml')}extra: 1\n`, basedOn: '5' },
      ],
    };
    expect(forOwner(change, live)).toEqual([{ file: 'hi/_ui.yaml', keys: ['extra'] }]);
  });
});
