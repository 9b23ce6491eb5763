import { useEffect } from 'react';
import { LIVE_CHAT_ID, liveChatScriptUrl } from '@contract/live-chat';
import { usePublicSettings } from '../api/queries';

const SCRIPT_ID = 'live-chat-widget';

/** Adds the widget's script once; nothing at all when no widget is configured. */
export function loadLiveChat(doc: Document, widgetId: string): HTMLScriptElement | null {
  if (!LIVE_CHAT_ID.test(widgetId)) return null;
  const existing = doc.getElementById(SCRIPT_ID);
  if (existing instanceof HTMLScriptElement) return existing;
  const script = doc.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = liveChatScriptUrl(widgetId);
  script.charset = 'UTF-8';
  script.setAttribute('crossorigin', '*');
  doc.body.appendChild(script);
  return script;
}

/** The operator's live-chat widget on the public site, loaded only when site settings name one. */
export function LiveChat() {
  const { data } = usePublicSettings();
  const widgetId = data?.liveChatWidgetId ?? '';
  useEffect(() => {
    if (widgetId) loadLiveChat(document, widgetId);
  }, [widgetId]);
  return null;
}
