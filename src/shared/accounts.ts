/** Owners run everything; staff work the lead desk; editors write the site's pages and see no enquiry. */
export type Role = 'owner' | 'staff' | 'editor';
export const ROLES: Role[] = ['owner', 'staff', 'editor'];

/** An account as the admin API shows it: never its password hash or its second factors' secrets. */
export interface AccountView {
  username: string;
  role: Role;
  createdAt: string;
  /** It signs in with an authenticator app or a passkey as well as its password. */
  secondFactor: boolean;
  /** The languages the advisor speaks with enquirers (en, mr, hi), for the language assignment rule. */
  languages: string[];
  /** The assignment rule gives it new enquiries. */
  available: boolean;
  /** Where its daily list is e-mailed, or null for none. */
  email: string | null;
  /** The language of its daily list (en, mr, hi), or null for the site's first. */
  emailLanguage: string | null;
  /** The advisor's name as enquirers read it, in each language an owner set it in (by language id). */
  displayNames: DisplayNames;
}

/** The signed-in advisor as the desk uses it: its username (a login) and its names as enquirers read them. */
export interface Advisor {
  username: string;
  displayNames: DisplayNames;
}

/** A person's name in each language the firm uses, by language id: { en: 'Asha Patil', mr: 'आशा पाटील' }. */
export type DisplayNames = Partial<Record<string, string>>;

/**
 * The name an enquirer or an advisor reads for an account in a language: its display name in that
 * language, else its English one; undefined when it has neither (the caller then says "your
 * advisor" in that language, or greets without a name). Never the username, which is a login.
 */
export function displayNameOf(account: { displayNames?: DisplayNames } | undefined, language: string): string | undefined {
  return account?.displayNames?.[language] ?? account?.displayNames?.en;
}
