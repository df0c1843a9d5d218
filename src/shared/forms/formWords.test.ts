import { expect, test } from 'vitest';
import { FORM_SCHEMAS } from './formSchemas';
import { englishFormWords, localisedForm } from './formWords';

test('the English words of each form come from its schema, without the fields a visitor never sees', () => {
  const words = englishFormWords();
  expect(words.contact.submit).toBe(FORM_SCHEMAS.contact['x-submit']);
  expect(words.contact.fields.number!.messages.pattern).toBe(FORM_SCHEMAS.contact.properties.number!['x-messages'].pattern);
  expect(Object.keys(words.contact.fields)).not.toContain('website');
  expect(Object.keys(words.contact.fields)).not.toContain('lang');
  expect(words.contact.fields.enquiry!.options).toEqual(
    FORM_SCHEMAS.contact.properties.enquiry!['x-options']!.map((option) => option.label),
  );
});

test('a form in another language changes its words and keeps what it checks and sends', () => {
  const english = FORM_SCHEMAS.contact;
  const words = englishFormWords().contact;
  const marathi = localisedForm(english, {
    ...words,
    submit: 'चौकशी पाठवा',
    fields: { ...words.fields, enquiry: { ...words.fields.enquiry!, label: 'कशाबद्दल?', options: ['सामान्य', 'विस्तार', 'नवीन', 'इतर'] } },
  });
  expect(marathi['x-submit']).toBe('चौकशी पाठवा');
  expect(marathi.properties.enquiry!.title).toBe('कशाबद्दल?');
  expect(marathi.properties.enquiry!['x-options']!.map((option) => option.value)).toEqual(
    english.properties.enquiry!['x-options']!.map((option) => option.value),
  );
  expect(marathi.required).toEqual(english.required);
  expect(marathi['x-endpoint']).toBe(english['x-endpoint']);
  expect(localisedForm(english, undefined)).toBe(english);
});
