// Walks a Playwright JSON report: every test with its spec file, line and full title.
export function* playwrightTests(report) {
  function* walk(suite, titles) {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        yield { file: `e2e/${spec.file}`, line: spec.line, title: [...here, spec.title].join(' > '), test };
    for (const child of suite.suites ?? []) yield* walk(child, here);
  }
  for (const suite of report.suites ?? []) yield* walk(suite, []);
}

/** A test skipped on purpose (test.skip), as opposed to one that did not get to run. */
export const skippedOnPurpose = (test) => test.status === 'skipped' && test.expectedStatus === 'skipped';
