// The real app on the bench:scale database, in its own process so the measuring client does not
// share its event loop. Production logging (JSON lines to stdout, which the bench discards).
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';

const [url, port] = [process.argv[2]!, Number(process.argv[3])];
const database = await openDatabase({ url });
const app = await buildApp({
  database,
  appSecret: 'bench-secret-0123456789-abcdefghijklmnop',
  logger: { level: 'info' },
});
await app.listen({ port, host: '127.0.0.1' });
process.send?.({ ready: true });
