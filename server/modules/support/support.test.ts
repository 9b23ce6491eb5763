import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, notifications } from '../../db/schema';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { wordNotice } from '../notifications/messages';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let mod: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
  mod = await signIn(t.database, 'moderator');
});
afterAll(() => t.close());

type Cookies = Record<string, string>;
const req = (method: 'GET' | 'POST' | 'PUT', url: string, cookies: Cookies = {}, payload?: object) =>
  t.app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });

describe('support conversations', () => {
  it('a user starts a chat and writes; staff see it unread, reply; the user gets the reply and a notice', async () => {
    const u = await signIn(t.database);
    expect((await req('GET', '/api/support/conversation', u.cookie)).json()).toEqual({
      conversation: null,
      messages: [],
    });
    const noChat = await req('POST', '/api/support/conversation/messages', u.cookie, { body: 'hello?' });
    expect([noChat.statusCode, noChat.json().message]).toEqual([409, 'Start a chat first']);

    const conv = (await req('POST', '/api/support/conversation', u.cookie)).json();
    expect(conv).toMatchObject({ userId: u.userId, status: 'open', unreadCount: 0 });
    expect((await req('POST', '/api/support/conversation', u.cookie)).json().id).toBe(conv.id);

    const html = '<script>alert(1)</script><b>hi</b>';
    const m1 = await req('POST', '/api/support/conversation/messages', u.cookie, { body: `  ${html}  ` });
    expect(m1.statusCode).toBe(201);
    expect(m1.json()).toMatchObject({ authorRole: 'user', body: html, conversationId: conv.id });

    const inbox = (await req('GET', '/api/support/conversations', mod.cookie)).json();
    expect(inbox.data.find((c: { id: number }) => c.id === conv.id)).toMatchObject({
      unreadCount: 1,
      lastMessage: html,
      status: 'open',
    });
    expect(inbox.unreadTotal).toBeGreaterThanOrEqual(1);
    const thread = (await req('GET', `/api/support/conversations/${conv.id}`, mod.cookie)).json();
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual([html]);
    expect(
      (await req('GET', '/api/support/conversations', mod.cookie))
        .json()
        .data.find((c: { id: number }) => c.id === conv.id).unreadCount,
    ).toBe(0);

    const reply = await req('POST', `/api/support/conversations/${conv.id}/messages`, mod.cookie, {
      body: 'How can we help?',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ authorRole: 'staff', authorName: 'Support', body: 'How can we help?' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'support.reply'), eq(auditLog.targetId, String(conv.id))));
    expect(audit).toMatchObject({ actorId: mod.userId });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.recipientId, u.userId));
    expect(notes.map((n) => [n.kind, wordNotice(n)])).toEqual([
      ['support', 'Support replied to your message. Open Support to read it.'],
    ]);

    // The user polls with ?after=<last id> and gets only the new message.
    const after = (await req('GET', `/api/support/conversation?after=${m1.json().id}`, u.cookie)).json();
    expect(after.messages.map((m: { body: string; authorRole: string }) => [m.authorRole, m.body])).toEqual([
      ['staff', 'How can we help?'],
    ]);
    expect((await req('GET', '/api/support/conversation', u.cookie)).json().messages).toHaveLength(2);
  });

  it('keeps users to their own chat and staff routes to staff; validates length and ids', async () => {
    const a = await signIn(t.database);
    const b = await signIn(t.database);
    const convB = (await req('POST', '/api/support/conversation', b.cookie)).json();
    await req('POST', '/api/support/conversation/messages', b.cookie, { body: 'B’s secret' });
    await req('POST', '/api/support/conversation', a.cookie);
    expect((await req('GET', '/api/support/conversation', a.cookie)).json().messages).toEqual([]);
    const cases: [string, string, Cookies, object | undefined, number][] = [
      ['GET', '/api/support/conversations', a.cookie, undefined, 403],
      ['GET', `/api/support/conversations/${convB.id}`, a.cookie, undefined, 403],
      ['POST', `/api/support/conversations/${convB.id}/messages`, a.cookie, { body: 'x' }, 403],
      ['PUT', `/api/support/conversations/${convB.id}/status`, a.cookie, { status: 'closed' }, 403],
      ['GET', '/api/support/conversation', {}, undefined, 401],
      ['POST', '/api/support/conversation/messages', {}, { body: 'x' }, 401],
      ['GET', '/api/support/conversations/abc', admin.cookie, undefined, 400],
      ['GET', '/api/support/conversations/99999999', admin.cookie, undefined, 404],
      ['PUT', `/api/support/conversations/${convB.id}/status`, admin.cookie, { status: 'maybe' }, 400],
    ];
    for (const [method, url, cookies, payload, status] of cases) {
      expect({ method, url, status: (await req(method as 'GET', url, cookies, payload)).statusCode }).toEqual({
        method,
        url,
        status,
      });
    }
    const msgs: [object, string][] = [
      [{}, 'Message is required'],
      [{ body: '   ' }, 'Message cannot be empty'],
      [{ body: 'x'.repeat(2001) }, 'Message must be at most 2000 characters'],
    ];
    for (const [payload, message] of msgs) {
      const res = await req('POST', '/api/support/conversation/messages', a.cookie, payload);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(
      (await req('POST', '/api/support/conversation/messages', a.cookie, { body: 'x'.repeat(2000) })).statusCode,
    ).toBe(201);
  });

  it('staff close and reopen; a closed chat takes no messages; the user can start a new one', async () => {
    const u = await signIn(t.database);
    const conv = (await req('POST', '/api/support/conversation', u.cookie)).json();
    const closed = await req('PUT', `/api/support/conversations/${conv.id}/status`, mod.cookie, { status: 'closed' });
    expect(closed.json()).toMatchObject({ id: conv.id, status: 'closed' });
    const refused = await req('POST', '/api/support/conversation/messages', u.cookie, { body: 'still there?' });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'This chat is closed. Start a new chat to write again.',
    ]);
    expect(
      (await req('POST', `/api/support/conversations/${conv.id}/messages`, admin.cookie, { body: 'x' })).statusCode,
    ).toBe(409);
    expect(
      (await req('PUT', `/api/support/conversations/${conv.id}/status`, admin.cookie, { status: 'open' })).json()
        .status,
    ).toBe('open');
    expect((await req('POST', '/api/support/conversation/messages', u.cookie, { body: 'thanks' })).statusCode).toBe(
      201,
    );
    expect((await req('POST', '/api/support/conversation/close', u.cookie)).json().status).toBe('closed');
    const fresh = (await req('POST', '/api/support/conversation', u.cookie)).json();
    expect(fresh.id).not.toBe(conv.id);
    // Reopening the old one while the new one is open is refused: one open chat per user.
    expect(
      (await req('PUT', `/api/support/conversations/${conv.id}/status`, admin.cookie, { status: 'open' })).statusCode,
    ).toBe(409);
    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(conv.id)))
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['support.close', 'support.reopen']));
  });
});
