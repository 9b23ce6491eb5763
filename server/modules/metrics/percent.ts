/**
 * `part ÷ whole × 100` with 2 decimals, rounded half away from zero, computed on integers
 * (cents or counts) so no float ever touches the ratio; 0 when `whole` is not positive.
 */
export function percentOf(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  const abs = part < 0n ? -part : part;
  const hundredths = (abs * 20_000n + whole) / (2n * whole);
  return Number(part < 0n ? -hundredths : hundredths) / 100;
}
