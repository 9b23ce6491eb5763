/**
 * The few Telegram Bot API calls we make. `baseUrl` is https://api.telegram.org in
 * production and a loopback fake in tests.
 */
export interface TelegramUpdate {
  update_id: number;
  message?: { chat?: { id: number | string }; text?: string };
}

export class TelegramBot {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private async call<T>(method: string, body: Record<string, unknown>): Promise<T> {
    const res = await fetch(`${this.baseUrl.replace(/\/+$/, '')}/bot${this.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json().catch(() => null)) as { ok?: boolean; result?: T; description?: string } | null;
    if (!res.ok || !json?.ok) throw new Error(`Telegram ${method} failed: ${json?.description ?? res.status}`);
    return json.result as T;
  }

  sendMessage(chatId: string, text: string): Promise<unknown> {
    return this.call('sendMessage', { chat_id: chatId, text, disable_web_page_preview: true });
  }

  /** Updates after `offset`; Telegram forgets the ones before it once asked with a higher offset. */
  getUpdates(offset: number): Promise<TelegramUpdate[]> {
    return this.call('getUpdates', { offset, timeout: 0, allowed_updates: ['message'] });
  }

  async userName(): Promise<string | null> {
    const me = await this.call<{ username?: string }>('getMe', {});
    return me.username ?? null;
  }
}

export const TELEGRAM_API_URL = 'https://api.telegram.org';
