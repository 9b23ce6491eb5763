import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { setI18n } from 'react-i18next';
import type { BtcHistory } from '@contract/prices';
import { keyOf } from '../../../api/call';
import { testI18n } from '../../../test/i18n';
import { ThemeProvider } from '../../../lib/ThemeProvider';
import { BtcChartCard } from './BtcChartCard';
import { describeHistory } from './BtcChart';
import { apiOf } from '../../../api/routes';

const pricesApi = apiOf('pricesApi');

// English words, whatever test file ran in this worker before.
beforeAll(() => setI18n(testI18n));

const history = (data: BtcHistory['data']): BtcHistory => ({
  symbol: 'BTC',
  pair: 'BTCUSDT',
  data,
  lastUpdated: null,
});

function render(answer: BtcHistory): string {
  const client = new QueryClient();
  // 90 days: the range the card opens with, as sent to the API.
  client.setQueryData(keyOf(pricesApi.btcHistory, { query: { days: 90 } }), answer);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <BtcChartCard />
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

describe('BTCUSDT chart card', () => {
  it('offers 30D, 90D and 1Y in the "Chart range" group, 90D pressed', () => {
    const html = render(history([{ date: '2026-01-01', close: 95000 }]));
    expect(html).toContain('role="group" aria-label="Chart range"');
    expect([...html.matchAll(/aria-pressed="(\w+)"[^>]*>([^<]*)</g)].map((m) => `${m[2]}:${m[1]}`)).toEqual([
      '30D:false',
      '90D:true',
      '1Y:false',
    ]);
    // The chart itself loads lazily: its spinner until then.
    expect(html).toContain('Loading chart...');
  });

  it('says so when the server has no history yet', () => {
    const html = render(history([]));
    expect(html).toContain('data-testid="btc-chart-empty"');
    expect(html).toContain('No price history available yet');
  });

  it('describes the line for screen readers', () => {
    const text = describeHistory(
      history([
        { date: '2026-01-01', close: 95000 },
        { date: '2026-01-31', close: 101000 },
      ]),
      testI18n.getFixedT('en', 'publicPages'),
    );
    expect(text).toMatch(/^BTCUSDT daily close from .+ \(\$95,000(\.00)?\) to .+ \(\$101,000(\.00)?\)$/);
  });
});
