// Counts the fast-check properties that ran (tests named "property: ...") and writes the totals
// to .tools/vitest-counts.json so that scripts/test.mjs can print one closing line for all runners.
// Tests that passed only on their retry (CI retries once) are listed by name as flaky, and failed
// tests by name with the first line of their error: scripts/test.mjs repeats both after its closing
// line, where the tail of a long CI log still shows them.
import { mkdirSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export default class CountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0, failed = 0, skipped = 0, properties = 0;
    const flaky: string[] = [];
    const failures: string[] = [];
    for (const mod of testModules) {
      const file = relative(process.cwd(), mod.moduleId);
      // A file that failed outside its tests (an import, a hook) has no failed test to name.
      const moduleError = mod.errors()[0]?.message?.split("\n")[0];
      if (moduleError) failures.push(`${file}: ${moduleError.slice(0, 300)}`);
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") {
          failed++;
          const error = test.result().errors?.[0]?.message?.split("\n")[0] ?? "";
          failures.push(`${file} > ${test.fullName}${error ? `: ${error.slice(0, 300)}` : ""}`);
        } else skipped++;
        if (test.name.startsWith("property:") && state === "passed") properties++;
        if (state === "passed" && test.diagnostic()?.flaky) flaky.push(`${file} > ${test.fullName}`);
      }
    }
    console.log(`\nfast-check: ${properties} properties ran`);
    for (const name of flaky) console.log(`flaky (passed on its retry): ${name}`);
    mkdirSync(".tools", { recursive: true });
    // Two vitest runs at once (scripts/test.mjs) name their own files.
    writeFileSync(process.env["PORTAL_COUNTS_FILE"] ?? ".tools/vitest-counts.json", JSON.stringify({ passed, failed, skipped, properties, flaky, failures }));
  }
}
