// The optional live-chat widget (Tawk.to). Free of zod so the public layout can use it cheaply.

/** The widget id goes into a script URL, so only the shape Tawk.to issues is accepted. */
export const LIVE_CHAT_ID = /^[A-Za-z0-9]{1,64}\/[A-Za-z0-9]{1,64}$/;

export const liveChatScriptUrl = (widgetId: string) => `https://embed.tawk.to/${widgetId}`;

/** What the page CSP must add while the widget is configured: its script, API, sockets, frames, styles and media. */
export const LIVE_CHAT_CSP = {
  'script-src': ['https://embed.tawk.to', 'https://cdn.jsdelivr.net'],
  'connect-src': ['https://*.tawk.to', 'wss://*.tawk.to'],
  'frame-src': ['https://*.tawk.to'],
  'img-src': ['https://*.tawk.to', 'https://cdn.jsdelivr.net'],
  'style-src': ['https://*.tawk.to', 'https://fonts.googleapis.com'],
  'font-src': ['https://*.tawk.to', 'https://fonts.gstatic.com'],
  'media-src': ['https://*.tawk.to'],
} as const;
