import { afterAll, beforeAll, expect, test } from 'vitest';
import { readConfig } from '../config';
import { startFakeGraphApi, TOKEN, type FakeGraphApi } from '../../tests/helpers/fakeGraphApi';
import { metaCloudApi } from './metaCloudApi';
import { ProviderError } from './provider';

let fake: FakeGraphApi;
beforeAll(async () => {
  fake = await startFakeGraphApi();
});
afterAll(() => fake.close());
const api = () => metaCloudApi(readConfig(fake.env).whatsapp!);

test('a text goes to the number, a template with its parameters, a marketing one through its own endpoint, each with the token', async () => {
  expect(await api().sendText({ phone: '+919822012345' }, 'Namaste')).toEqual({ id: expect.stringMatching(/^wamid\.fake-/) as string });
  await api().sendTemplate(
    { userId: 'IN.1648738043044942' },
    { name: 'vf_status_update', language: 'mr', category: 'utility', params: ['Sunita', 'VF-7K3M-92QD'] },
  );
  await api().sendTemplate({ phone: '+919822012345' }, { name: 'vf_offer', language: 'hi', category: 'marketing', params: [] });
  const [text, template, marketing] = fake.sends().slice(-3);
  expect(text).toMatchObject({
    path: '/v23.0/106540352242922/messages',
    authorization: `Bearer ${TOKEN}`,
    body: { messaging_product: 'whatsapp', to: '919822012345', type: 'text', text: { body: 'Namaste', preview_url: false } },
  });
  expect(template!.body).toEqual({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    recipient: 'IN.1648738043044942',
    type: 'template',
    template: {
      name: 'vf_status_update',
      language: { code: 'mr' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Sunita' },
            { type: 'text', text: 'VF-7K3M-92QD' },
          ],
        },
      ],
    },
  });
  expect(marketing).toMatchObject({
    path: '/v23.0/106540352242922/marketing_messages',
    body: { template: { name: 'vf_offer', language: { code: 'hi' } } },
  });
});

test('Meta’s refusals say whether to try again', async () => {
  fake.failNext(
    { status: 400, code: 131047, message: 'Re-engagement message' },
    { status: 429, code: 130429, message: 'Rate limit hit' },
    { status: 500, code: 1, message: 'Unknown error' },
  );
  const outcomes = [];
  for (let i = 0; i < 3; i += 1)
    outcomes.push(
      await api()
        .sendText({ phone: '+919822012345' }, 'x')
        .catch((error: ProviderError) => error),
    );
  expect(outcomes.map((error) => error instanceof ProviderError && [error.code, error.retry])).toEqual([
    [131047, false],
    [130429, true],
    [1, true],
  ]);
  const unreachable = metaCloudApi(readConfig({ ...fake.env, WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9/v23.0' }).whatsapp!);
  await expect(unreachable.sendText({ phone: '+919822012345' }, 'x')).rejects.toMatchObject({ retry: true });
});

test('the templates of the business account, with their approval', async () => {
  fake.setTemplates([{ name: 'vf_first_reply', language: 'mr', status: 'APPROVED', category: 'UTILITY' }]);
  expect(await api().templates()).toEqual([{ name: 'vf_first_reply', language: 'mr', status: 'APPROVED', category: 'utility' }]);
});
