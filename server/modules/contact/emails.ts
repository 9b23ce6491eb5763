import type { Mail } from '../../integrations/mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The notice support receives for a contact-form message; the visitor's text is escaped, never markup. */
export function contactNoticeMail(
  siteName: string,
  to: string,
  m: { id: number; name: string; email: string; message: string },
): Mail {
  const subject = `[${siteName}] Contact form #${m.id} from ${m.name.replace(/[\r\n]+/g, ' ').slice(0, 80)}`;
  const text = `New message through the contact form of ${siteName}.\n\nFrom: ${m.name} <${m.email}>\nReference: #${m.id}\n\n${m.message}\n\nReply to ${m.email} directly; staff also see this message in the back office.`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f1f5f9;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h2 style="margin-top:0">New contact form message</h2>
<p><strong>From:</strong> ${escape(m.name)} &lt;<a href="mailto:${escape(m.email)}">${escape(m.email)}</a>&gt;<br><strong>Reference:</strong> #${m.id}</p>
<p style="white-space:pre-wrap;border-left:3px solid #0f766e;padding-left:12px">${escape(m.message)}</p>
<p style="color:#64748b;font-size:13px">Reply to the sender directly; staff also see this message in the back office.</p>
<p style="color:#94a3b8;font-size:12px">${escape(siteName)}</p></div></body></html>`;
  return { to, subject, text, html };
}
