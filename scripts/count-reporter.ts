// Counts the fast-check properties that ran (tests named "property: ...") and writes the totals
// to .tools/vitest-counts.json so that scripts/test.mjs can print one closing line for all runners.
// Tests that passed only on their retry (CI retries once) are listed by name as flaky.
import { mkdirSync, writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

export default class CountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0, failed = 0, skipped = 0, properties = 0;
    const flaky: string[] = [];
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
        if (test.name.startsWith("property:") && state === "passed") properties++;
        if (state === "passed" && test.diagnostic()?.flaky) flaky.push(`${mod.moduleId} > ${test.fullName}`);
      }
    }
    console.log(`\nfast-check: ${properties} properties ran`);
    for (const name of flaky) console.log(`flaky (passed on its retry): ${name}`);
    mkdirSync(".tools", { recursive: true });
    // Two vitest runs at once (scripts/test.mjs) name their own files.
    writeFileSync(process.env["PORTAL_COUNTS_FILE"] ?? ".tools/vitest-counts.json", JSON.stringify({ passed, failed, skipped, properties, flaky }));
  }
}
