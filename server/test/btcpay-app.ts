import type { AddressInfo } from 'node:net';
import { createTestApp, signIn, type TestContext } from './app';
import { startBtcpayFake, type FakeBtcpay } from './btcpay-fake';

/** The Payment settings that point an app at a BTCPay fake started with the same keys. */
export const btcpaySettings = (keys: BtcpayKeys, fake: FakeBtcpay) => ({
  ...keys,
  btcpayServerUrl: fake.url,
  btcpayOrderReturnUrl: 'https://minevest.example',
});

export interface BtcpayKeys {
  btcpayApiKey: string;
  btcpayStoreId: string;
  btcpayWebhookSecret: string;
}

/**
 * A test app listening on loopback, an admin, and a BTCPay fake whose webhooks go to the app's webhook
 * route. The Payment settings are left to the caller (`btcpaySettings`), so a test can turn BTCPay off.
 */
export async function appWithBtcpay(keys: BtcpayKeys): Promise<{
  t: TestContext;
  admin: Awaited<ReturnType<typeof signIn>>;
  fake: FakeBtcpay;
  stop(): Promise<void>;
}> {
  const t = await createTestApp();
  const admin = await signIn(t.database, 'admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const fake = await startBtcpayFake({
    apiKey: keys.btcpayApiKey,
    storeId: keys.btcpayStoreId,
    webhookSecret: keys.btcpayWebhookSecret,
    webhookUrl: `http://127.0.0.1:${port}/api/deposits/webhook/btcpay`,
  });
  return {
    t,
    admin,
    fake,
    async stop() {
      await fake.stop();
      await t.close();
    },
  };
}

let wallets = 0;
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
/** A distinct bech32-shaped address per call: BTCPay refuses two open payouts to one address. */
export const newWallet = () =>
  `bc1q${[...(++wallets).toString(32)]
    .map((d) => BECH32[parseInt(d, 32)])
    .join('')
    .padStart(38, 'q')}`;
