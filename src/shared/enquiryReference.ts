/**
 * An enquiry's reference, such as VF-7K3M-92QD: what the enquirer quotes on the phone, on the
 * status page and in a privacy request. Eight characters of Crockford's base 32 (digits and
 * capitals without I, L, O and U, so nothing reads as something else), drawn at random: 40 bits,
 * so a guess finds an enquiry about once in ten million tries even with 1,00,000 stored, and the
 * status page asks for the mobile number too. The stores make each one unique.
 */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PREFIX = 'VF';
const LENGTH = 8;

/** A new reference from a cryptographic source: each character takes 5 random bits, so every one is equally likely. */
export function newReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LENGTH));
  return shaped(Array.from(bytes, (byte) => REFERENCE_ALPHABET[byte & 31]).join(''));
}

const shaped = (code: string) => `${PREFIX}-${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * A reference as someone typed or read it out, in its one stored form; undefined when it cannot
 * be one. Case, spaces and dashes do not matter, the prefix may be left off, and the letters
 * people take for digits (O for 0, I and L for 1) are read as those digits.
 */
export function parseReference(typed: string): string | undefined {
  if (typed.length > 40) return undefined;
  let code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length === PREFIX.length + LENGTH && code.startsWith(PREFIX)) code = code.slice(PREFIX.length);
  if (code.length !== LENGTH || [...code].some((char) => !REFERENCE_ALPHABET.includes(char))) return undefined;
  return shaped(code);
}
