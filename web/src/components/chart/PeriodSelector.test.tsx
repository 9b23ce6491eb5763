import {
  Children,
  isValidElement,
  type ButtonHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ChartPeriod } from '@contract/metrics';
import { CHART_PERIOD_OPTIONS, PeriodSelector } from './PeriodSelector';
import '../../test/i18n';

/** The selector's buttons as React elements, to press them without a browser. */
function buttons(group: ReactElement<{ children?: ReactNode }>) {
  return Children.toArray(group.props.children).filter(
    (child): child is ReactElement<ButtonHTMLAttributes<HTMLButtonElement>> => isValidElement(child),
  );
}

describe('PeriodSelector', () => {
  it('is a named group of buttons, Week, Month and Year, the chosen one pressed', () => {
    const html = renderToStaticMarkup(
      <PeriodSelector label="Chart period" options={CHART_PERIOD_OPTIONS} value="month" onChange={() => {}} />,
    );
    expect(html).toMatch(/^<div role="group" aria-label="Chart period"/);
    const tags = [...html.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)];
    expect(tags.map((m) => m[2])).toEqual(['Week', 'Month', 'Year']);
    expect(tags.map((m) => /aria-pressed="(\w+)"/.exec(m[1] ?? '')?.[1])).toEqual(['false', 'true', 'false']);
  });

  it('is reached with Tab: plain buttons, none taken out of the tab order or disabled', () => {
    const html = renderToStaticMarkup(
      <PeriodSelector label="Chart period" options={CHART_PERIOD_OPTIONS} value="week" onChange={() => {}} />,
    );
    const tags = html.match(/<button[^>]*>/g) ?? [];
    expect(tags).toHaveLength(3);
    for (const tag of tags) {
      expect(tag).toContain('type="button"');
      expect(tag).not.toContain('tabindex');
      expect(tag).not.toContain('disabled');
    }
  });

  it('changes the value to the pressed option (a click, or Enter or Space on the focused button)', () => {
    const chosen: ChartPeriod[] = [];
    const group = PeriodSelector({
      label: 'Chart period',
      options: CHART_PERIOD_OPTIONS,
      value: 'month',
      onChange: (p) => chosen.push(p),
    });
    const [week, , year] = buttons(group);
    week?.props.onClick?.({} as MouseEvent<HTMLButtonElement>);
    year?.props.onClick?.({} as MouseEvent<HTMLButtonElement>);
    expect(chosen).toEqual(['week', 'year']);
  });

  it('sends the values it is given, numbers too (days of the BTC chart)', () => {
    const days: number[] = [];
    const ranges = [
      { value: 30, label: '30D' },
      { value: 90, label: '90D' },
      { value: 365, label: '1Y' },
    ];
    const group = PeriodSelector({ label: 'Chart range', options: ranges, value: 90, onChange: (d) => days.push(d) });
    buttons(group)[2]?.props.onClick?.({} as MouseEvent<HTMLButtonElement>);
    expect(days).toEqual([365]);
    expect(renderToStaticMarkup(group)).toContain('aria-label="Chart range"');
  });
});
