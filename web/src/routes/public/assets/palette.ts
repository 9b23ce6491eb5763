/** Spec §2: the donut's ten-colour palette, one colour per asset of the example portfolio. */
export const ASSET_PALETTE = [
  '#f7931a',
  '#6366f1',
  '#94a3b8',
  '#22d3ee',
  '#10b981',
  '#e6007a',
  '#facc15',
  '#a855f7',
  '#ef4444',
  '#84cc16',
] as const;

export const assetColor = (index: number): string => ASSET_PALETTE[index % ASSET_PALETTE.length]!;
