export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** Against the baseline measured in the same run. */
  ratio: number;
  goal?: string;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The `q` quantile of `xs` (0 < q <= 1), nearest rank. */
export function percentile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? 0;
}

export function printFigures(title: string, figures: Figure[]): void {
  console.log(`\n${title}`);
  for (const f of figures) {
    const goal = f.goal ? `  (goal ${f.goal})` : '';
    console.log(
      `  ${f.name.padEnd(72)} ${f.value.toFixed(f.value < 10 ? 1 : 0).padStart(8)} ${f.unit.padEnd(6)} ratio ${f.ratio.toFixed(2)}${goal}`,
    );
  }
}
