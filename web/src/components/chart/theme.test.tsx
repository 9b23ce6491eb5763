import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '../../lib/ThemeProvider';
import { chartTheme, paletteColour, PALETTE, themedAxes, useChartTheme } from './theme';

function Probe() {
  const theme = useChartTheme();
  return <p>{`${theme.text} ${theme.grid}`}</p>;
}

describe('chart theme', () => {
  it('gives light text and grid in the light theme and lighter ones in the dark theme', () => {
    expect(chartTheme('light')).toEqual({ text: '#334155', grid: 'rgba(100,116,139,0.15)', surface: '#ffffff' });
    expect(chartTheme('dark')).toEqual({ text: '#cbd5e1', grid: 'rgba(148,163,184,0.15)', surface: '#111a2e' });
  });

  it("follows the page's theme (light where no visitor's theme is known yet, as when pre-rendering)", () => {
    const html = renderToStaticMarkup(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(html).toBe('<p>#334155 rgba(100,116,139,0.15)</p>');
  });

  it("draws the axes' ticks and grid in the theme's colours, y from zero", () => {
    for (const theme of [chartTheme('light'), chartTheme('dark')]) {
      const axes = themedAxes(theme);
      expect(axes.x).toEqual({ ticks: { color: theme.text }, grid: { color: theme.grid } });
      expect(axes.y).toEqual({ beginAtZero: true, ticks: { color: theme.text }, grid: { color: theme.grid } });
    }
  });

  it('colours series from the palette, round again past its end', () => {
    expect(paletteColour(0)).toBe('#f5b524');
    expect(paletteColour(1)).toBe('#3b82f6');
    expect(paletteColour(PALETTE.length)).toBe('#f5b524');
  });
});
