import type { FieldSchema } from '../../shared/forms/formSchemas';

/**
 * Answers another page hands the form when it links here (an eligibility checker's summary,
 * say), as navigation state: { prefill: { field: text } }, a select's answer by its label.
 * They stay out of the address, so they never reach a server log or a shared link.
 */
export function prefilled(fields: [string, FieldSchema][], state: unknown): Record<string, string> {
  const prefill = (state as { prefill?: unknown } | null)?.prefill;
  if (!prefill || typeof prefill !== 'object') return {};
  const found: Record<string, string> = {};
  for (const [name, field] of fields) {
    const text = (prefill as Record<string, unknown>)[name];
    if (typeof text !== 'string' || field['x-input'] === 'consent' || field['x-input'] === 'honeypot') continue;
    const options = field['x-options'];
    if (!options) found[name] = text;
    else if (options.some((option) => option.label === text)) found[name] = String(options.findIndex((option) => option.label === text));
  }
  return found;
}
