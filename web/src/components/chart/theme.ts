import { useTheme } from '../../lib/ThemeProvider';
import type { Theme } from '../../lib/theme';

/** Series colours, in order; the first is the brand gold. */
export const PALETTE = [
  '#f5b524',
  '#3b82f6',
  '#10b981',
  '#a855f7',
  '#ef4444',
  '#14b8a6',
  '#f97316',
  '#6366f1',
] as const;

/** The colour of series (or slice) `index`: the palette, round again past its end. */
export function paletteColour(index: number): string {
  return PALETTE[index % PALETTE.length] ?? PALETTE[0];
}

/** What a chart draws in the page's theme: its text (ticks, legend), its grid lines, and the card behind it. */
export interface ChartTheme {
  text: string;
  grid: string;
  /** The card's colour, for the gaps between a doughnut's slices. */
  surface: string;
}

const THEMES: Record<Theme, ChartTheme> = {
  light: { text: '#334155', grid: 'rgba(100,116,139,0.15)', surface: '#ffffff' },
  dark: { text: '#cbd5e1', grid: 'rgba(148,163,184,0.15)', surface: '#111a2e' },
};

export function chartTheme(theme: Theme): ChartTheme {
  return THEMES[theme];
}

/** The chart colours of the current theme; a chart redraws in the other theme when the toggle flips it. */
export function useChartTheme(): ChartTheme {
  return chartTheme(useTheme().theme);
}

/** The x and y axes of a line or bar chart, in the theme's colours, y from zero. */
export function themedAxes(theme: ChartTheme) {
  return {
    x: { ticks: { color: theme.text }, grid: { color: theme.grid } },
    y: { beginAtZero: true, ticks: { color: theme.text }, grid: { color: theme.grid } },
  };
}
