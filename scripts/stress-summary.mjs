// Failures per browser test over the rounds of scripts/stress-test.sh (one Playwright JSON report each).
import fs from 'node:fs';

const failures = new Map(); // test -> rounds it failed or did not run in
let tests = 0;
const walk = (suite, titles, round) => {
  const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      tests += 1;
      const ok = test.status === 'expected' || (test.status === 'skipped' && test.expectedStatus === 'skipped');
      if (!ok) {
        const name = `e2e/${spec.file}:${spec.line} ${[...here, spec.title].join(' > ')}`;
        failures.set(name, [...(failures.get(name) ?? []), `${round}${test.status === 'skipped' ? ' (did not run)' : ''}`]);
      }
    }
  }
  for (const child of suite.suites ?? []) walk(child, here, round);
};

const files = process.argv.slice(2);
for (const [i, file] of files.entries()) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    failures.set(`round ${i + 1}: no report (Playwright did not finish; see its .log)`, [String(i + 1)]);
    continue;
  }
  for (const error of report.errors ?? []) failures.set(`round ${i + 1}: ${(error.message ?? '').split('\n')[0]}`, [String(i + 1)]);
  for (const suite of report.suites ?? []) walk(suite, [], i + 1);
}
console.log(`\n${tests} test runs over ${files.length} rounds; failures per test:`);
if (failures.size === 0) console.log('  none');
for (const [name, rounds] of [...failures].sort((a, b) => b[1].length - a[1].length)) console.log(`  ${rounds.length}x  ${name}  (round ${rounds.join(', ')})`);
process.exitCode = failures.size === 0 ? 0 : 1;
