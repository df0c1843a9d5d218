import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Clock } from '../clock';
import type { Account, Passkey, Store } from '../store/Store';

/** How long a browser has to answer a passkey prompt. */
const CHALLENGE_MS = 5 * 60 * 1000;
const RP_NAME = 'MSME Finance desk';

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server. The relying party is SITE_URL's host
 * and origin, so a passkey made for the firm's site answers nowhere else (phishing-resistant).
 * Each challenge is kept in the store under its own value and taken when checked: it works
 * once, within five minutes, on whichever server instance the answer reaches.
 */
export function passkeys(store: Store, siteUrl: string, clock: Clock) {
  const origin = new URL(siteUrl).origin;
  const rpID = new URL(siteUrl).hostname;
  const remember = (purpose: string, challenge: string) =>
    store.accounts.putChallenge(`${purpose}:${challenge}`, '1', clock.now() + CHALLENGE_MS);
  const spend = (purpose: string) => async (challenge: string) =>
    (await store.accounts.takeChallenge(`${purpose}:${challenge}`)) !== undefined;

  /**
   * The account's passkeys, with the new counter of the one that answered, when the answer (to a
   * challenge of signInOptions) comes from one of this account's own passkeys; undefined otherwise.
   */
  async function verify(account: Account, response: AuthenticationResponseJSON): Promise<Passkey[] | undefined> {
    const passkey = account.mfa?.passkeys?.find((key) => key.id === response.id);
    if (!passkey) return undefined;
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: spend('sign-in'),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        ...(passkey.transports && { transports: passkey.transports }),
      },
    }).catch(() => undefined);
    if (!result?.verified) return undefined;
    return account.mfa!.passkeys!.map((key) => (key.id === passkey.id ? { ...key, counter: result.authenticationInfo.newCounter } : key));
  }

  return {
    async registrationOptions(account: Account) {
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        userName: account.username,
        userID: new TextEncoder().encode(account.id),
        attestationType: 'none',
        excludeCredentials: (account.mfa?.passkeys ?? []).map(({ id, transports }) => ({ id, ...(transports && { transports }) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await remember(`register-${account.id}`, options.challenge);
      return options;
    },

    /** The new passkey, or undefined when the answer does not verify. */
    async register(account: Account, response: RegistrationResponseJSON, name: string, createdAt: string): Promise<Passkey | undefined> {
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: spend(`register-${account.id}`),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      }).catch(() => undefined);
      if (!result?.verified) return undefined;
      const { credential } = result.registrationInfo;
      return {
        id: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        ...(credential.transports && { transports: credential.transports }),
        name,
        createdAt,
      };
    },

    async signInOptions() {
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
      await remember('sign-in', options.challenge);
      return options;
    },

    /** The account the passkey belongs to, with its passkeys and the used one's new counter; undefined when it does not verify. */
    async signIn(response: AuthenticationResponseJSON): Promise<{ account: Account; passkeys: Passkey[] } | undefined> {
      const account = (await store.accounts.list()).find((candidate) => candidate.mfa?.passkeys?.some((key) => key.id === response.id));
      if (!account) return undefined;
      const passkeys = await verify(account, response);
      return passkeys && { account, passkeys };
    },

    verify,
  };
}

export type Passkeys = ReturnType<typeof passkeys>;
