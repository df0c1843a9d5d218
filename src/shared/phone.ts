/**
 * +91 and the last ten digits, whichever way an Indian mobile number was written:
 * "+91 98220 12345", "09822012345" and "9822012345" are one number.
 */
export function normalisePhone(raw: string): string {
  return `+91${raw.replace(/\D/g, '').slice(-10)}`;
}

/** The ten digits that identify a stored number, for finding the other enquiries from one person. */
export function phoneKey(stored: string): string {
  return stored.replace(/\D/g, '').slice(-10);
}

/**
 * The digits to look for when a search looks like (part of) a phone number, with a
 * leading +91, 91 or 0 taken off as people write them; undefined when it does not.
 */
export function phoneSearchDigits(query: string): string | undefined {
  const text = query.trim();
  if (!/^\+?[0-9][0-9 ()-]*$/.test(text)) return undefined;
  let digits = text.replace(/\D/g, '');
  if (text.startsWith('+91') || (digits.length === 12 && digits.startsWith('91'))) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.length >= 3 ? digits : undefined;
}

/** A stored number as people write it: +919822012345 reads "+91 98220 12345". Anything else is shown as stored. */
export function displayPhone(stored: string): string {
  const match = /^\+91(\d{5})(\d{5})$/.exec(stored);
  return match ? `+91 ${match[1]} ${match[2]}` : stored;
}
