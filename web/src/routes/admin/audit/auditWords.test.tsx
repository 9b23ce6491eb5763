import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, setI18n } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '@contract/locales';
import { createStaticI18n } from '../../../i18n/static';
import { testI18n } from '../../../test/i18n';
import { useAuditWords } from './auditWords';

const systemEntry = { actorRole: 'system', actorUserName: 'system', actorId: null };
const staffEntry = { actorRole: 'admin', actorUserName: 'alice', actorId: 7 };

function Words() {
  const words = useAuditWords();
  return (
    <p>
      {words.actor(systemEntry, 'unknown')}|{words.actor(staffEntry, 'unknown')}|
      {words.actor({ actorRole: '', actorUserName: '', actorId: null }, 'unknown')}|
      {words.action('email_template.update')}|{words.target('email_template')}
    </p>
  );
}

const render = (lng: Locale) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createStaticI18n(lng)}>
      <Words />
    </I18nextProvider>,
  );

afterEach(() => setI18n(testI18n));

describe('the audit log names', () => {
  it("the platform's own actions System in the reader's language, staff by their user name", () => {
    expect(render('en')).toBe('<p>System|alice|User #?|Email template edited|Email template</p>');
    expect(render('ru')).toBe('<p>Система|alice|Пользователь #?|Шаблон письма изменён|Шаблон письма</p>');
  });
});
