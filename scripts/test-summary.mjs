// Sums the vitest and Playwright JSON reports found in each given folder into one closing line,
// 'N passed, N failed, N skipped', after the lines that say what failed, what did not run and why
// anything was skipped. "Skipped" is only what this environment lacks (a test skipped on purpose,
// whose title says what it needs, or the browser tests without Chromium); a test that did not run
// because an earlier one in its serial group failed, or a file that failed before its tests ran,
// counts as failed.
import fs from 'node:fs';
import path from 'node:path';
import { playwrightTests, skippedOnPurpose } from './playwright-report.mjs';

function read(dir, file) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    return null;
  }
}

let passed = 0;
const failed = [];
const didNotRun = [];
const skipped = new Map(); // reason -> count

const skip = (reason, n = 1) => skipped.set(reason, (skipped.get(reason) ?? 0) + n);
const rel = (file) => path.relative(process.cwd(), file);

function countVitest(report) {
  for (const file of report.testResults) {
    const tests = file.assertionResults;
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed'))
      failed.push(`${rel(file.name)}: ${(file.message || 'failed before its tests ran').split('\n')[0]}`);
    for (const t of tests) {
      const title = [...t.ancestorTitles, t.title].join(' > ');
      if (t.status === 'passed') passed += 1;
      else if (t.status === 'failed') failed.push(`${rel(file.name)} > ${title}`);
      else skip(`${rel(file.name)} > ${t.ancestorTitles[0] ?? t.title}`);
    }
  }
}

function countPlaywright(report) {
  for (const error of report.errors ?? [])
    failed.push(`browser tests: ${(error.message ?? String(error)).split('\n')[0]}`);
  for (const { file, title, test } of playwrightTests(report)) {
    const name = `${file} > ${title}`;
    if (test.status === 'expected') passed += 1;
    else if (skippedOnPurpose(test)) {
      const why = test.annotations.find((a) => a.type === 'skip')?.description;
      skip(why ? `${file}: ${why}` : name);
    } else if (test.status === 'skipped') didNotRun.push(name);
    else failed.push(name); // unexpected, or flaky: passed only on a retry
  }
}

for (const dir of process.argv.slice(2)) {
  const unit = read(dir, 'vitest.json');
  if (unit) countVitest(unit);
  const e2e = read(dir, 'e2e.json');
  if (e2e) countPlaywright(e2e);
  const listed = read(dir, 'e2e-not-run.json'); // written by scripts/test.sh when Chromium is missing
  if (listed) skip(listed.reason, listed.count);
}

for (const name of failed) console.log(`FAILED: ${name}`);
for (const name of didNotRun)
  console.log(`DID NOT RUN (an earlier test of its serial group failed; counted as failed): ${name}`);
for (const [reason, n] of skipped) console.log(`SKIPPED ${n}: ${reason}`);
console.log(
  `\n${passed} passed, ${failed.length + didNotRun.length} failed, ${[...skipped.values()].reduce((a, b) => a + b, 0)} skipped`,
);
