import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureWebBuild } from '../scripts/web-build';
import { startMailDrop } from './mail';
import { startOAuthFake } from '../server/test/oauth-fake';
import { E2E_ADMIN, E2E_OAUTH_CLIENT, startServer } from './server';

export default async function globalSetup() {
  ensureWebBuild();
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'minevest-mail-'));
  const mail = await startMailDrop(mailDir);
  // A loopback stand-in for Google, so a browser test can sign in with it end to end.
  const google = await startOAuthFake('google', E2E_OAUTH_CLIENT);
  const server = await startServer({ TEST_OAUTH_ENDPOINTS: JSON.stringify({ google: google.endpoints }) });
  // Point the server's SMTP settings at the mail drop, as an admin would.
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usernameOrEmail: E2E_ADMIN.userName, password: E2E_ADMIN.password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const put = await fetch(`${server.url}/api/utils/site-settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    // Links in mail and the social sign-in's return address name the address the specs browse.
    body: JSON.stringify({
      smtpHost: '127.0.0.1',
      smtpPort: mail.port,
      fromEmail: 'no-reply@minevest.test',
      frontendUrl: server.url,
    }),
  });
  if (!put.ok) throw new Error(`could not configure SMTP for the browser tests: ${put.status} ${await put.text()}`);
  // Specs running side by side each sign the one admin in from a new browser and none signs
  // out, so the default limit of 2 devices would refuse whichever admin login comes third.
  const { user: admin } = (await login.json()) as { user: { id: number } };
  const devices = await fetch(`${server.url}/api/users/profile/${admin.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ maxDevices: 100 }),
  });
  if (!devices.ok)
    throw new Error(
      `could not raise the admin's device limit for the browser tests: ${devices.status} ${await devices.text()}`,
    );
  await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { cookie } });
  // Workers start after global setup and inherit these.
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_PUBLIC_URL = server.publicUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_CLOCK_FILE = server.clockFile;
  process.env.E2E_OAUTH_GOOGLE = google.url;
  return async () => {
    await server.stop();
    await google.close();
    await mail.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  };
}
