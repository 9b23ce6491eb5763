import { setI18n } from 'react-i18next';
import type { TFunction } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticI18n } from '../../../i18n/static';
import { testI18n } from '../../../test/i18n';
import { localTimeAgo, localWarning } from './healthWords';

// Russian for these tests only (format.ts reads the shared instance's language); English again after.
let t: TFunction<'admin'>;
beforeAll(() => {
  const ru = createStaticI18n('ru');
  setI18n(ru);
  t = ru.getFixedT('ru', 'admin');
});
afterAll(() => setI18n(testI18n));

/** Warnings as the server writes them (server/modules/jobs/health.ts, withdrawals/payouts.ts stuckPayoutsWarning). */
const SERVER = {
  accrual:
    'The accrual job has not completed since Nov 24, 2026, 10:00 AM UTC (more than 120 minutes, twice its interval): daily returns are not being paid. Last error: database is down',
  accrualSinceStart:
    'The accrual job has not completed since start-up at Nov 24, 2026, 12:59 PM UTC (more than 60 seconds, twice its interval): daily returns are not being paid.',
  failing:
    'The price-refresh job failed its last 3 runs (the latest at Nov 24, 2026, 2:50 PM UTC on web-1:4242): Price feed answered 503',
  stopped:
    'The btcpay-reconcile job has not run since Nov 24, 2026, 11:40 AM UTC (more than 20 minutes, twice its interval).',
  stoppedSinceStart:
    'The session-expiry job has not run since start-up at Nov 24, 2026, 12:59 PM UTC (more than 30 minutes, twice its interval).',
  oneStuck: '1 BTCPay payout has been sending for more than 1 hour: check it in BTCPay',
  stuck: '3 BTCPay payouts have been sending for more than 6 hours: check them in BTCPay',
};

describe('the server’s health warnings in another language', () => {
  it('says each known warning in its own words, with its dates (still UTC), spans and job names', () => {
    expect(localWarning(SERVER.accrual, t, 'ru')).toBe(
      'Задание начислений не завершалось с 24 нояб. 2026 г., 10:00 UTC (дольше, чем 120 минут, — вдвое больше его интервала): ежедневный доход не выплачивается. Последняя ошибка: database is down',
    );
    expect(localWarning(SERVER.accrualSinceStart, t, 'ru')).toContain(
      'с момента запуска сервера 24 нояб. 2026 г., 12:59 UTC',
    );
    expect(localWarning(SERVER.failing, t, 'ru')).toBe(
      'Задание «Обновление цен» завершилось ошибкой в последних 3 запусках (последний — 24 нояб. 2026 г., 14:50 UTC на web-1:4242): Price feed answered 503',
    );
    expect(localWarning(SERVER.stopped, t, 'ru')).toBe(
      'Задание «Сверка BTCPay» не запускалось с 24 нояб. 2026 г., 11:40 UTC (дольше, чем 20 минут, — вдвое больше его интервала).',
    );
    expect(localWarning(SERVER.stoppedSinceStart, t, 'ru')).toContain('«Истечение сессий»');
    expect(localWarning(SERVER.oneStuck, t, 'ru')).toBe(
      '1 выплата BTCPay отправляется дольше, чем 1 час: проверьте её в BTCPay',
    );
    expect(localWarning(SERVER.stuck, t, 'ru')).toBe(
      '3 выплаты BTCPay отправляются дольше, чем 6 часов: проверьте их в BTCPay',
    );
  });

  it('leaves a warning of another shape to the caller', () => {
    expect(localWarning('Something else went wrong', t, 'ru')).toBeNull();
  });

  it('says how long ago in words', () => {
    expect(localTimeAgo('just now', t, 'ru')).toBe('только что');
    expect(localTimeAgo('never', t, 'ru')).toBe('никогда');
    expect(localTimeAgo('5 minutes ago', t, 'ru')).toBe('5 минут назад');
    expect(localTimeAgo('1 day ago', t, 'ru')).toBe('вчера');
  });
});
