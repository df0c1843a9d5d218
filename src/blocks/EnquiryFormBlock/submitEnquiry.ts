import type { InterfaceWords } from '../../shared/languages';
import { fill } from '../../shared/languages';

export type SubmitOutcome =
  | { kind: 'sent'; message: string; reference?: string }
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'failed'; message: string };

/** Posts a form to its endpoint (a relative URL, so it works on any host) and says what happened, in the page's language. */
export async function submitEnquiry(
  endpoint: string,
  body: Record<string, string | boolean>,
  words: InterfaceWords['forms'],
): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'failed', message: `${words.notSent} ${words.unreachable}` };
  }
  const answer = (await response.json().catch(() => ({}))) as { message?: string; reference?: string; errors?: Record<string, string> };
  if (response.ok)
    return {
      kind: 'sent',
      message: answer.message ?? words.received,
      ...(typeof answer.reference === 'string' && { reference: answer.reference }),
    };
  if (response.status === 400 && answer.errors && Object.keys(answer.errors).length > 0) return { kind: 'invalid', errors: answer.errors };
  if (response.status === 429 && answer.message) return { kind: 'failed', message: answer.message };
  return { kind: 'failed', message: `${words.notSent} ${fill(words.serverError, { status: String(response.status) })}` };
}
