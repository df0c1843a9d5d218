import { isoNow, type Clock } from '../clock';
import type { Store } from '../store/Store';
import type { DueMessage } from '../store/WhatsAppStore';
import { ProviderError, type WhatsAppProvider } from './provider';

/** A send WhatsApp could not take for now is tried again for this long, then failed with its reason. */
const RETRY_FOR_MS = 60 * 60 * 1000;
const RETRY_MAX_DELAY_MS = 10 * 60 * 1000;

/** Meta's reasons, in the desk's words where its own would puzzle an advisor. */
const REASONS: Record<number, string> = {
  131047: 'More than 24 hours have passed since the enquirer last wrote, so WhatsApp allows only a template: choose one.',
  131026: 'WhatsApp could not deliver it to this number: it may not be on WhatsApp. Call the enquirer instead.',
  132001: 'WhatsApp does not have this template in this language (not approved, or under another name): check it under WhatsApp templates.',
  132015: 'WhatsApp has paused this template for its quality: choose another, or call the enquirer.',
  132016: 'WhatsApp has disabled this template: choose another, or call the enquirer.',
};

export interface Sending {
  store: Store;
  provider: WhatsAppProvider;
  clock: Clock;
  retryBaseMs: number;
  log: (fields: Record<string, unknown>) => void;
}

/**
 * Sends one message the store handed out: recorded as sent with WhatsApp's id, failed with the
 * reason the desk shows beside it, or queued again when WhatsApp could not take it for now.
 */
export async function sendMessage(
  { store, provider, clock, retryBaseMs, log }: Sending,
  { message, to, attempts: before }: DueMessage,
): Promise<void> {
  try {
    const { id } =
      message.kind === 'template' && message.template
        ? await provider.sendTemplate(to, message.template)
        : await provider.sendText(to, message.text ?? '');
    await store.whatsapp.recordSend(message.id, { state: 'sent', wamid: id });
  } catch (error) {
    const attempts = before + 1;
    const retryAt = clock.now() + Math.min(retryBaseMs * 2 ** (attempts - 1), RETRY_MAX_DELAY_MS);
    const code = error instanceof ProviderError ? error.code : undefined;
    if (error instanceof ProviderError && error.retry && retryAt - Date.parse(message.stateAt) < RETRY_FOR_MS) {
      await store.whatsapp.recordSend(message.id, { retryAt: new Date(retryAt).toISOString(), attempts });
      log({ level: 'warn', msg: 'whatsapp message will be retried', message: message.id, attempts, code });
      return;
    }
    const reason = (code !== undefined && REASONS[code]) || (error as Error).message;
    await store.whatsapp.recordSend(message.id, { state: 'failed', error: reason });
    log({ level: 'error', msg: 'whatsapp message failed', message: message.id, at: isoNow(clock), code });
  }
}
