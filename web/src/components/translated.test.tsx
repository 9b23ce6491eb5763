import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, setI18n } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '@contract/locales';
import { ApiError } from '../api/client';
import { fundsKeys, type TransactionReceipt } from '../api/funds';
import { createStaticI18n } from '../i18n/static';
import { testI18n } from '../test/i18n';
import { testPlan } from '../test/plan';
import { CHART_PERIOD_OPTIONS, PeriodSelector } from './chart/PeriodSelector';
import { DataTable } from './DataTable';
import { describeError } from './ErrorView';
import { kycNeededFor } from './KycBanner';
import { OrderReceipt, transactionTypeLabel } from './OrderReceipt';
import { Pagination } from './Pagination';
import { PlanTerms } from './PlanTerms';
import { RedirectNotice } from './RedirectNotice';

/** Renders in `lng`, its instance also the shared one (as in the browser), English given back after each case. */
function render(lng: Locale, node: ReactNode, client = new QueryClient()): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createStaticI18n(lng)}>
      <QueryClientProvider client={client}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => setI18n(testI18n));

describe('shared components in other languages', () => {
  it('pages a list in Russian and leaves an empty table with its default words', () => {
    const html = render('ru', <Pagination page={2} totalPages={5} onPageChange={() => {}} />);
    expect(html).toContain('aria-label="Страницы"');
    expect(html).toContain('Страница 2 из 5');
    expect(html).toContain('Назад');
    expect(html).toContain('Далее');
    expect(render('es', <DataTable rows={[]} columns={[]} rowKey={() => 1} caption="x" />)).toContain(
      'No hay datos disponibles',
    );
  });

  it("names the charts' periods in the active language", () => {
    const html = render(
      'pt-BR',
      <PeriodSelector label="Período" options={CHART_PERIOD_OPTIONS} value="week" onChange={() => {}} />,
    );
    expect([...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1])).toEqual(['Semana', 'Mês', 'Ano']);
  });

  it('counts down in Russian with its plural forms', () => {
    expect(render('ru', <RedirectNotice seconds={5} to="/login" />)).toContain(
      'Переход на страницу входа через 5 секунд...',
    );
    expect(render('ru', <RedirectNotice seconds={2} to="/login" />)).toContain(
      'Переход на страницу входа через 2 секунды...',
    );
    expect(render('ru', <RedirectNotice seconds={1} to="/login" />)).toContain(
      'Переход на страницу входа через 1 секунду...',
    );
  });

  it("says a plan's terms in Russian, the kept principal plainly", () => {
    const plan = testPlan({ duration: 5, interestRate: 12.5, capitalReturned: false });
    const html = render('ru', <PlanTerms plan={plan} />);
    expect(html).toContain('Каждый день');
    expect(html).toContain('5 дней');
    expect(html).toContain('Не возвращается');
    expect(html).toContain('<strong>Основная сумма не возвращается.</strong> За ');
    expect(html).not.toMatch(/plan\.|over the term|Principal/);
  });

  it('shows a receipt in Russian: its labels, the status and payout state in the shared words', () => {
    const tx: TransactionReceipt = {
      id: 1,
      userId: 2,
      userName: 'ava1',
      referenceNumber: 'WD-ABC123',
      type: 'withdrawal',
      amount: 1250.5,
      currency: 'BTC',
      status: 'pending',
      state: 'paying',
      paymentMethod: 'BTC',
      description: '',
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-01T10:00:00.000Z',
      paymentInstructions: null,
      decisionReason: null,
      payoutReference: null,
      payout: { state: 'AwaitingPayment', txid: null, link: null },
    };
    const client = new QueryClient();
    client.setQueryData(fundsKeys.order(tx.referenceNumber), tx);
    const html = render(
      'ru',
      <OrderReceipt referenceNumber={tx.referenceNumber} back={{ to: '/', label: 'Назад' }} />,
      client,
    );
    expect(html).toContain('Подтверждение операции');
    expect(html).toContain('Номер операции');
    expect(html).toContain('ОТПРАВЛЯЕТСЯ');
    expect(html).toContain('Ожидает отправки');
    expect(html).toContain('Распечатать квитанцию');
    expect(html).toContain('1\u00a0250,50\u00a0$ BTC');
    expect(transactionTypeLabel('withdrawal')).toBe('Вывод');
  });

  it('says what verification is needed for, and a failure that never reached the server, in Spanish', () => {
    createStaticI18n('es');
    expect(kycNeededFor({ forWithdrawal: true, aboveInvestment: null })).toBe(
      'Necesitas una identidad verificada para retirar.',
    );
    expect(describeError(new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.'))).toBe(
      'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
    );
    expect(describeError(new ApiError(502, 'HTTP_ERROR', 'Request failed with status 502'))).toBe(
      'La solicitud falló con el estado 502',
    );
  });
});
