import { generate, generateSecret, generateURI, verify } from 'otplib';

/** The name the authenticator app lists the account under. */
const ISSUER = 'MSME Finance desk';
/** A code from the step before or after still counts, for a phone's clock a little off (RFC 6238 §5.2). */
const TOLERANCE_SECONDS = 30;

/** A new shared secret: 20 random bytes in base32, as authenticator apps expect. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The address a QR code carries to the authenticator app. */
export const otpauthUrl = (username: string, secret: string): string => generateURI({ issuer: ISSUER, label: username, secret });

/** The six digits the app shows at `now` (ms): for the tests, which act as the staff member's phone. */
export const totpCode = (secret: string, now: number): Promise<string> => generate({ secret, epoch: Math.floor(now / 1000) });

/** The 30-second step `code` belongs to, if it is right for `secret` at `now` (ms); undefined otherwise. */
export async function totpStep(secret: string, code: string, now: number): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({ secret, token: code, epoch: Math.floor(now / 1000), epochTolerance: TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
