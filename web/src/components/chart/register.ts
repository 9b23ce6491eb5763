import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
  type Plugin,
} from 'chart.js';

/** How wide a drawn element is, when it has a width (bars do). */
const widthOf = (element: unknown): number | null => {
  const width = (element as { width?: unknown }).width;
  return typeof width === 'number' ? width : null;
};

/**
 * After each draw, what the chart shows, on its canvas as `data-drawn` (JSON): each series' label, how it is drawn
 * and how many of its points are in view, the y axis' tick values and the narrowest bar in pixels. A canvas has no
 * DOM to look into: the browser tests read this to check what a person sees.
 */
const drawnSummary: Plugin = {
  id: 'drawnSummary',
  afterRender(chart) {
    const series = chart.data.datasets.map((d, i) => {
      const meta = chart.getDatasetMeta(i);
      return { label: d.label ?? '', type: meta.type, shown: chart.isDatasetVisible(i) ? meta.data.length : 0 };
    });
    const widths = chart.data.datasets.flatMap((_d, i) => {
      const meta = chart.getDatasetMeta(i);
      return meta.type === 'bar' && chart.isDatasetVisible(i) ? meta.data.map(widthOf) : [];
    });
    const bars = widths.filter((w): w is number => w !== null);
    const y = chart.scales.y;
    chart.canvas.dataset.drawn = JSON.stringify({
      series,
      yTicks: y ? y.ticks.map((t) => t.value) : [],
      narrowestBar: bars.length ? Math.min(...bars) : null,
    });
  },
};

// Every chart of the app draws with these parts; the chart modules import this file, so they are registered once.
Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
  drawnSummary,
);
