/** The height of a chart's box, kept by its loading and empty states so nothing below moves. */
export const CHART_HEIGHT = 'h-72';
