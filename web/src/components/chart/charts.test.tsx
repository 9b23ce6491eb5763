import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Chart } from '@contract/metrics';
import { ThemeProvider } from '../../lib/ThemeProvider';
import { BarChart } from './BarChart';
import { ChartEmpty, isEmptyChart } from './ChartEmpty';
import { DoughnutChart, PieChart } from './DoughnutChart';
import { LineChart } from './LineChart';
import '../../test/i18n';

const data: Chart = { labels: ['Jan', 'Feb'], datasets: [{ label: 'Deposits ($)', data: [10, 20] }] };

const themed = (node: React.ReactNode) => renderToStaticMarkup(<ThemeProvider>{node}</ThemeProvider>);

/** The canvas of a chart: chart.js draws on it after mount; its label is the text screen readers get. */
const canvas = (html: string) => /<canvas[^>]*>/.exec(html)?.[0] ?? '';

describe('chart wrappers', () => {
  it('give each canvas the role img and its label, in a box of the chart height', () => {
    const cases: [React.ReactNode, string][] = [
      [<LineChart key="line" data={data} label="Deposits per month" />, 'h-72'],
      [<BarChart key="bar" data={data} label="Active subscriptions per plan" />, 'h-64'],
      [<DoughnutChart key="doughnut" data={data} label="Revenue per plan" />, 'h-64'],
      [<PieChart key="pie" data={data} label="Running principal per plan" />, 'h-64'],
    ];
    for (const [chart, height] of cases) {
      const html = themed(chart);
      expect(html).toMatch(new RegExp(`^<div class="[^"]*\\brelative\\b[^"]*\\b${height}\\b[^"]*">`));
      expect(canvas(html)).toContain('role="img"');
    }
    expect(canvas(themed(cases[0]?.[0]))).toContain('aria-label="Deposits per month"');
    expect(canvas(themed(cases[3]?.[0]))).toContain('aria-label="Running principal per plan"');
  });

  it('take the height of a taller line chart from the caller', () => {
    const html = themed(<LineChart data={data} label="BTCUSDT daily close" className="h-72 sm:h-80" />);
    expect(html).toMatch(/^<div class="[^"]*\bh-72 sm:h-80\b/);
  });
});

describe('an empty chart', () => {
  it('is one without labels or with only zeros', () => {
    expect(isEmptyChart({ labels: [], datasets: [] })).toBe(true);
    expect(isEmptyChart({ labels: ['Jan'], datasets: [{ label: 'a', data: [0] }] })).toBe(true);
    expect(isEmptyChart(data)).toBe(false);
  });

  it('says what is missing and offers Refresh Data, disabled while refreshing', () => {
    const idle = renderToStaticMarkup(
      <ChartEmpty message="No investment data available" onRefresh={() => {}} refreshing={false} />,
    );
    expect(idle).toContain('No investment data available');
    expect(idle).toMatch(/<button type="button" class="btn-secondary">.*Refresh Data<\/button>/);
    const busy = renderToStaticMarkup(
      <ChartEmpty message="No investment data available" onRefresh={() => {}} refreshing />,
    );
    expect(busy).toMatch(/<button type="button" class="btn-secondary" disabled="">/);
  });
});
