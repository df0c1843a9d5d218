import { afterAll, beforeAll, expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';
import { incomingValue, signatureOf, startFakeGraphApi, webhookBody, type FakeGraphApi } from '../../tests/helpers/fakeGraphApi';
import { WHATSAPP_WEBHOOK } from './whatsappRoutes';

const env: Record<string, string> = {};
let fake: FakeGraphApi;
beforeAll(async () => {
  fake = await startFakeGraphApi();
  Object.assign(env, fake.env);
});
afterAll(() => fake.close());
const apiApp = useApiApp(env);

const SUNITA = { form: 'contact' as const, fields: { name: 'Sunita Patil', number: '+919822012345', enquiry: 'other' }, language: 'mr' };
const RUNS = 20;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

test('times: a webhook post to the message on the enquiry, a reply queued to the fake Graph API receiving it', async () => {
  const app = await apiApp();
  const enquiry = await app.store.enquiries.add(SUNITA);
  const inbound: number[] = [];
  const outbound: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const body = webhookBody(
      incomingValue({ wamid: `wamid.t${run}`, at: new Date().toISOString(), waId: '919822012345', text: `m${run}` }),
    );
    const start = performance.now();
    await app.call('POST', WHATSAPP_WEBHOOK, { body, headers: { 'X-Hub-Signature-256': signatureOf(body) } });
    // The route wakes the job; wait until the message is readable on the enquiry.
    while (!(await app.store.whatsapp.messagesOf(enquiry._id)).some((message) => message.wamid === `wamid.t${run}`))
      await new Promise((resolve) => setTimeout(resolve, 1));
    inbound.push(performance.now() - start);

    const received = fake.nextSend();
    const queuedAt = performance.now();
    await app.store.whatsapp.addOutgoing({
      enquiryId: enquiry._id,
      by: { id: 'id-asha', username: 'asha' },
      kind: 'text',
      text: 'Namaste',
      action: 'whatsapp-reply',
    });
    void app.whatsapp!.wake();
    outbound.push((await received).at - queuedAt);
  }
  console.log(
    `webhook post -> message on the enquiry: median ${median(inbound).toFixed(1)} ms, max ${Math.max(...inbound).toFixed(1)} ms (${RUNS} runs, file store)`,
  );
  console.log(
    `reply queued -> fake Graph API receives it: median ${median(outbound).toFixed(1)} ms, max ${Math.max(...outbound).toFixed(1)} ms (${RUNS} runs, file store)`,
  );
  expect(inbound).toHaveLength(RUNS);
});
