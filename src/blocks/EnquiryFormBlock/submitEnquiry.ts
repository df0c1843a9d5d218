export type SubmitOutcome =
  { kind: 'sent'; message: string } | { kind: 'invalid'; errors: Record<string, string> } | { kind: 'failed'; message: string };

const NOT_SENT = 'Sorry, your enquiry could not be sent.';

/** Posts a form to its endpoint (a relative URL, so it works on any host) and says what happened. */
export async function submitEnquiry(endpoint: string, body: Record<string, string | boolean>): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'failed', message: `${NOT_SENT} We could not reach our server; check your internet connection.` };
  }
  const answer = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
  if (response.ok) return { kind: 'sent', message: answer.message ?? 'Thank you. Your enquiry has been received.' };
  if (response.status === 400 && answer.errors && Object.keys(answer.errors).length > 0) return { kind: 'invalid', errors: answer.errors };
  if (response.status === 429 && answer.message) return { kind: 'failed', message: answer.message };
  return { kind: 'failed', message: `${NOT_SENT} Our server had a problem (error ${response.status}).` };
}
