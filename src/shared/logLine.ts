/**
 * One line of the server's log: JSON with the time first. Fields are chosen by the
 * caller and must never hold a visitor's answers, a password or a token.
 */
export function logLine(fields: Record<string, unknown>): string {
  return JSON.stringify({ time: new Date().toISOString(), ...fields });
}
