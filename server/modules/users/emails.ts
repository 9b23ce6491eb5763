import { isLocale, DEFAULT_LOCALE, type Locale } from '../../../contract/locales';
import type { EmailEvent } from '../../../contract/email-templates';
import type { ServerContext } from '../../context';
import { renderEmail } from '../email-templates/service';
import { wordNotice, type NoticeKey } from '../notifications/messages';

/** The language an account reads its mail in: its saved choice, else English. */
export const mailLocale = (saved: string | null | undefined): Locale => (isLocale(saved) ? saved : DEFAULT_LOCALE);

/** Who an account email goes to. */
export interface MailRecipient {
  email: string;
  firstName: string;
  userName: string;
  locale?: string | null;
}

/**
 * Sends an account's own email (confirm, reset, the security notice of a password change) in
 * its language, from the template in use. `notice` is the notice the email is the copy of.
 */
export async function sendAccountMail(
  ctx: ServerContext,
  event: EmailEvent,
  user: MailRecipient,
  link: string,
  notice?: NoticeKey,
): Promise<'sent' | 'stored' | 'failed'> {
  const s = await ctx.settings.get();
  const locale = mailLocale(user.locale);
  const mail = await renderEmail(ctx.db, ctx.log, {
    event,
    locale,
    to: user.email,
    vars: {
      siteName: s.siteName,
      userName: user.userName,
      firstName: user.firstName,
      link,
      ...(notice ? { message: wordNotice({ key: notice, params: {} }, locale) } : {}),
    },
  });
  return ctx.mailer.send(mail);
}
