import { ensureWebBuild } from '../scripts/web-build';
import { startServer } from './server';

export default async function globalSetup() {
  ensureWebBuild();
  const server = await startServer();
  // Workers start after global setup and inherit this.
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
