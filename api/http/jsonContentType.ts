/** True when a request declares a JSON body; a plain HTML form cannot send one, which the CSRF check relies on. */
export function isJsonContentType(header: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(header ?? '');
}
