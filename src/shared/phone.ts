/**
 * +91 and the last ten digits, whichever way an Indian mobile number was written:
 * "+91 98220 12345", "09822012345" and "9822012345" are one number.
 */
export function normalisePhone(raw: string): string {
  return `+91${raw.replace(/\D/g, '').slice(-10)}`;
}
