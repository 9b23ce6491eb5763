/**
 * The CPU slowdown that makes this host's Lighthouse runs emulate the mobile preset's phone.
 *
 * Lighthouse's default slows the CPU 4×, which turns a high-end desktop (BenchmarkIndex ~1500)
 * into a mid-tier phone; on a slower host 4× emulates a slower phone than that, and on a faster
 * one a faster phone. Lighthouse's throttling guide (docs/throttling.md, "Calibrating the CPU
 * slowdown") says to pick the multiplier from the host's BenchmarkIndex with its calculator; this
 * is that calculator's formula (patrickhulce/lighthouse-cpu-throttling-calculator, by a Lighthouse
 * author), the same way PageSpeed Insights set its own (GoogleChrome/lighthouse#16226, #16256).
 */
export function cpuMultiplierFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`no BenchmarkIndex: ${benchmarkIndex}`);
  // 1300 = 3×, 1533 = 4×, 1766 = 5×, 2000 = 6×
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  // 800 = 2×, 1300 = 3×
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  // 150 = 1×, 800 = 2×; a host slower than the phone is not slowed at all
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}
