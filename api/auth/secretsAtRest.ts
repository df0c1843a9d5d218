import type { Config } from '../config';
import { findSecretsKey, isSealedText, loadOrCreateSecretsKey, SECRETS_KEY_FILE, type SecretsKey } from '../secrets/secretsKey';
import type { SecondFactors, Store } from '../store/Store';
import { sealTotpSecret } from './secondFactor';

/**
 * The secrets key a server runs with, on its store: SECRETS_KEY, else DATA_DIR/secrets.key, else
 * a new one made there on the first start (the log says where, and that backups never carry it).
 * A store whose secrets were sealed with another key is refused with the reason, rather than
 * letting every authenticator code fail; then what an older version kept in clear is sealed.
 */
export async function secretsAtRest(
  store: Store,
  config: Pick<Config, 'secretsKey' | 'dataDir'>,
  log: (fields: Record<string, unknown>) => void,
): Promise<SecretsKey> {
  const missing = !findSecretsKey(config.secretsKey, config.dataDir) && (await store.accounts.secretsKeyCheck()) !== undefined;
  if (missing)
    throw new Error(
      `The secrets in this store were sealed with a secrets key that is not here. Set SECRETS_KEY to it, or put the ${SECRETS_KEY_FILE} kept from the server that sealed them into ${config.dataDir}, then start again.`,
    );
  const { key, from, created } = loadOrCreateSecretsKey(config.secretsKey, config.dataDir);
  if (created)
    log({
      level: 'warn',
      msg: `Made a secrets key in ${created}: the authenticator apps' secrets are sealed with it. Backups never carry it, so copy it somewhere safe apart from them (the owners' password manager), or set SECRETS_KEY; without it a restored store cannot check authenticator codes.`,
    });
  const recorded = await store.accounts.recordSecretsKeyCheck(key.check);
  if (recorded !== key.check)
    throw new Error(
      `The secrets in this store were sealed with another secrets key than the one in ${from}. Give the server that key (SECRETS_KEY, or DATA_DIR/${SECRETS_KEY_FILE} from the machine that sealed them): with several instances on one database, every instance needs the same SECRETS_KEY.`,
    );
  const sealed = await sealStoredSecrets(store, key);
  if (sealed > 0) log({ msg: 'sealed the authenticator secrets an older version kept in clear', accounts: sealed });
  return key;
}

/**
 * Seals the authenticator secrets an older version stored in clear (a migration of the data,
 * run at every start: what is sealed already is left alone). Returns how many accounts changed.
 */
export async function sealStoredSecrets(store: Store, secrets: SecretsKey): Promise<number> {
  let sealed = 0;
  for (const account of await store.accounts.list()) {
    const mfa: SecondFactors | undefined = account.mfa && { ...account.mfa };
    if (!mfa) continue;
    let changed = false;
    for (const field of ['totpSecret', 'pendingTotpSecret'] as const) {
      const value = mfa[field];
      if (value !== undefined && !isSealedText(value)) {
        mfa[field] = sealTotpSecret(secrets, account.id, value);
        changed = true;
      }
    }
    if (!changed) continue;
    await store.accounts.update(account.id, { mfa });
    sealed += 1;
  }
  return sealed;
}
