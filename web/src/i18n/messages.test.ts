import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuthMsg } from '@contract/auth';
import { errorCatalogue } from '@contract/errors';
import { fill } from '@contract/fill';
import { WithdrawMsg } from '@contract/funds';
import { InvestMsg } from '@contract/investments';
import { JobMsg } from '@contract/jobs';
import { Msg } from '@contract/users';
import { LOCALES } from '@contract/locales';
import english from '../../../locales/en/messages.json';
import { createStaticI18n } from './static';
import { setZodLocale, translateError, translateMessage } from './messages';

/** Each case makes its language's static instance the shared one, as a screen's test would. */
const inLanguage = (lng: (typeof LOCALES)[number]) => createStaticI18n(lng);

// Other test files in this worker read the English instance: give it back.
afterAll(() => {
  inLanguage('en');
});

describe('translateMessage', () => {
  it('translates an exact message by its English text', () => {
    inLanguage('es');
    expect(translateMessage('Invalid email or password')).toBe('Correo electrónico o contraseña no válidos');
    expect(translateMessage(Msg.passwordsMismatch)).toBe('Las contraseñas no coinciden');
  });

  it('translates a filled template, its dollar amount written the Russian way', () => {
    inLanguage('ru');
    expect(WithdrawMsg.belowMin(1_234_50n)).toBe('The minimum withdrawal is $1,234.50');
    expect(translateMessage(WithdrawMsg.belowMin(1_234_50n))).toBe('Минимальная сумма вывода — 1\u00a0234,50\u00a0$');
    expect(translateMessage(WithdrawMsg.requested(50_00n, '24 hours'))).toBe(
      'Заявка на вывод 50,00\u00a0$ создана: сумма заблокирована на доступном балансе и ожидает одобрения. Обычно выплата занимает до 24 hours.',
    );
  });

  it('translates every template, whichever came before it', () => {
    inLanguage('pt-BR');
    expect(translateMessage(InvestMsg.locked(3))).toBe(
      'Pagamentos restantes até que este investimento possa ser encerrado: 3',
    );
    expect(translateMessage(JobMsg.ran('accrual', 12))).toBe('A tarefa accrual terminou. Linhas afetadas: 12');
    expect(translateMessage(Msg.password)).toBe('A senha deve ter pelo menos 8 caracteres');
    expect(translateMessage(AuthMsg.tooManyFailures(30))).toBe(
      'Muitas tentativas de entrar sem sucesso. Tente novamente em 30 s.',
    );
    expect(translateMessage(AuthMsg.tooManyFailures(900))).toBe(
      'Muitas tentativas de entrar sem sucesso. Tente novamente em 15 min.',
    );
  });

  it('reads every template of the catalogue back from its filled English', () => {
    const templates = Object.keys(english).filter((key) => key.includes('{{'));
    expect(templates.length).toBeGreaterThan(30);
    for (const lng of LOCALES) {
      inLanguage(lng);
      for (const key of templates) {
        const values = Object.fromEntries([...key.matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1]!, `<${m[1]}>`]));
        const filled = fill(key, values);
        const translated = translateMessage(filled);
        if (lng === 'en') expect(translated, key).toBe(filled);
        else expect(translated, `${lng}: ${key}`).not.toBe(filled);
        for (const value of Object.values(values)) expect(translated, `${lng}: ${key}`).toContain(value);
      }
    }
  });

  it('leaves an unknown message as it is', () => {
    inLanguage('ru');
    expect(translateMessage('Something nobody wrote down')).toBe('Something nobody wrote down');
    expect(translateMessage('')).toBe('');
  });

  it('writes a message in English when the language is English', () => {
    inLanguage('en');
    expect(translateMessage(WithdrawMsg.aboveMax(1_000_000_00n))).toBe('The maximum withdrawal is $1,000,000.00');
  });
});

describe('translateError', () => {
  const unknown = 'Insufficient funds in ledger account 42 for posting';

  it("translates the server's own message when the catalogue knows it", () => {
    inLanguage('pt-BR');
    expect(translateError('NOT_FOUND', 'Plan not found')).toBe('Plano não encontrado');
  });

  it('translates an unknown message by its code', () => {
    inLanguage('pt-BR');
    expect(translateError('INSUFFICIENT_FUNDS', unknown)).toBe('Saldo insuficiente para esta operação');
  });

  it("leaves the server's English for an English reader", () => {
    inLanguage('en');
    expect(translateError('INSUFFICIENT_FUNDS', unknown)).toBe(unknown);
    expect(translateError('INSUFFICIENT_FUNDS', errorCatalogue.INSUFFICIENT_FUNDS.message)).toBe(
      'Insufficient balance for this operation',
    );
  });

  it('leaves a message of an unknown code as the server sent it', () => {
    inLanguage('es');
    expect(translateError('SOMETHING_NEW', unknown)).toBe(unknown);
  });
});

describe("zod's own messages", () => {
  const tooLong = () => z.string().max(3).safeParse('abcdef').error!.issues[0]!.message;

  it('follow the language, and come back to English', async () => {
    const english = tooLong();
    try {
      await setZodLocale('ru');
      expect(tooLong()).toMatch(/^Слишком большое значение/);
      await setZodLocale('es');
      expect(tooLong()).toMatch(/^Demasiado grande/);
    } finally {
      await setZodLocale('en');
    }
    expect(tooLong()).toBe(english);
    expect(english).toMatch(/^Too big/);
  });
});
