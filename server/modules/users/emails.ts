import type { Mail } from '../../integrations/mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(
  siteName: string,
  heading: string,
  body: string,
  link: string,
  button: string,
  footer: string,
): Pick<Mail, 'html' | 'text'> {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f1f5f9;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h2 style="margin-top:0">${escape(heading)}</h2><p>${escape(body)}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escape(button)}</a></p>
<p style="color:#64748b;font-size:13px">Or open this link: ${escape(link)}</p>
<p style="color:#64748b;font-size:13px">${escape(footer)}</p><p style="color:#94a3b8;font-size:12px">${escape(siteName)}</p></div></body></html>`;
  const text = `${heading}\n\n${body}\n\n${button}: ${link}\n\n${footer}\n\n${siteName}`;
  return { html, text };
}

export function confirmEmailMail(siteName: string, to: string, firstName: string, link: string): Mail {
  return {
    to,
    subject: `Confirm your email for ${siteName}`,
    ...layout(
      siteName,
      `Welcome, ${firstName}!`,
      'Please confirm your email address to activate your account.',
      link,
      'Confirm email',
      'This link expires in 24 hours. If you did not register, ignore this email.',
    ),
  };
}

export function resetPasswordMail(siteName: string, to: string, link: string): Mail {
  return {
    to,
    subject: `Reset your ${siteName} password`,
    ...layout(
      siteName,
      'Reset your password',
      'Someone (hopefully you) asked to reset your password.',
      link,
      'Reset password',
      'This link expires in 1 hour and works once. If you did not ask for it, ignore this email: your password stays as it is.',
    ),
  };
}

export function securityNoticeMail(siteName: string, to: string, what: string, link: string): Mail {
  return {
    to,
    subject: `Security notice: ${what}`,
    ...layout(
      siteName,
      what,
      `This is a notice that on your ${siteName} account: ${what.toLowerCase()}. Other devices were signed out.`,
      link,
      'Review security settings',
      'If this was not you, reset your password at once and contact support.',
    ),
  };
}
