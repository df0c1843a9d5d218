import { describe, expect, test } from 'vitest';
import { addressLines, telHref, whatsappHref } from './contactLinks';

describe('telHref', () => {
  test('turns a phone number written for people into a dialable tel: link', () => {
    expect(telHref('+91 98765 43210')).toBe('tel:+919876543210');
  });

  test('drops brackets, dashes and dots but keeps the leading plus and every digit', () => {
    expect(telHref('+91 (20) 2345-6789')).toBe('tel:+912023456789');
    expect(telHref('020.2345.6789')).toBe('tel:02023456789');
  });

  test('leaves an already compact number as it is', () => {
    expect(telHref('+919011022334')).toBe('tel:+919011022334');
  });
});

describe('whatsappHref', () => {
  test('links to a WhatsApp chat with the number', () => {
    expect(whatsappHref({ whatsapp: '919876543210' })).toBe('https://wa.me/919876543210');
  });
});

describe('addressLines', () => {
  test('gives the street on one line and city, state and PIN code on the next', () => {
    const address = { street: 'Shop 4, MG Road, Camp', city: 'Pune', region: 'Maharashtra', postalCode: '411001', country: 'IN' };
    expect(addressLines({ address })).toEqual(['Shop 4, MG Road, Camp', 'Pune, Maharashtra 411001']);
  });
});
