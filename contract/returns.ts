/**
 * Return arithmetic of DESIGN.md §5, on integer cents and basis points only.
 * A plan's rate is the total return in percent over its duration.
 */

/** round_half_even(principal × rateBp / 10 000). */
export function totalReturnCents(principal: bigint, rateBp: number): bigint {
  const num = principal * BigInt(rateBp);
  const q = num / 10_000n;
  const r = num % 10_000n;
  if (r * 2n > 10_000n || (r * 2n === 10_000n && q % 2n === 1n)) return q + 1n;
  return q;
}

/** What day `day` (1-based) of `days` pays: floor(total / days), the last day also the remainder. */
export function dailyIncrement(total: bigint, days: number, day: number): bigint {
  const base = total / BigInt(days);
  return day === days ? total - base * BigInt(days - 1) : base;
}

export const ReturnMsg = {
  required: 'Amount and plan are required',
  invalidPlan: 'Invalid duration or interest rate',
} as const;

/** The spec's estimate: amount + amount × rate / 100, to the cent. */
export function estimatedReturnCents(amount: bigint, rateBp: number, durationDays: number): bigint {
  if (durationDays <= 0 || rateBp <= 0) throw new Error(ReturnMsg.invalidPlan);
  return amount + totalReturnCents(amount, rateBp);
}
