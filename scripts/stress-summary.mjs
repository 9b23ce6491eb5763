// Failures per browser test over the rounds of scripts/stress-test.sh (one Playwright JSON report each).
import fs from 'node:fs';
import { playwrightTests, skippedOnPurpose } from './playwright-report.mjs';

const failures = new Map(); // test -> rounds it failed or did not run in
let tests = 0;
const files = process.argv.slice(2);
for (const [i, file] of files.entries()) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    failures.set(`round ${i + 1}: no report (Playwright did not finish; see its .log)`, [String(i + 1)]);
    continue;
  }
  for (const error of report.errors ?? [])
    failures.set(`round ${i + 1}: ${(error.message ?? '').split('\n')[0]}`, [String(i + 1)]);
  for (const { file: spec, line, title, test } of playwrightTests(report)) {
    tests += 1;
    if (test.status === 'expected' || skippedOnPurpose(test)) continue;
    const name = `${spec}:${line} ${title}`;
    failures.set(name, [...(failures.get(name) ?? []), `${i + 1}${test.status === 'skipped' ? ' (did not run)' : ''}`]);
  }
}
console.log(`\n${tests} test runs over ${files.length} rounds; failures per test:`);
if (failures.size === 0) console.log('  none');
for (const [name, rounds] of [...failures].sort((a, b) => b[1].length - a[1].length))
  console.log(`  ${rounds.length}x  ${name}  (round ${rounds.join(', ')})`);
process.exitCode = failures.size === 0 ? 0 : 1;
