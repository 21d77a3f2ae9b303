// The order in which the unit batch (scripts/test.mjs) hands files to its workers. Vitest's own
// order runs the projects one after the other in name order (adapters, core, fixtures, server,
// web) and, in CI (a clean clone, no duration cache), the largest file first within each: a long
// server file handed out late (the kill-mid-batch suite, a minute on a busy machine) kept one
// worker busy while the others had nothing left. Here the heaviest project comes first with its
// slowest files first, and the small projects' short files come last to fill the gaps.
// Projects stay together: a worker keeps its modules (isolate: false) only while the next file
// is of its own project, so interleaving them would pay the imports again at every switch.
// The lists are scheduling hints: a file or project missing from them still runs, after those
// listed, and a stale entry changes nothing but the order.
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files of at least ~5 s of wall time, slowest first, as `project:path` (from the project's
 * root). Measured with the JSON reporter of one run of the batch (--maxWorkers=3, busy machine).
 */
export const SLOW_FILES: ReadonlyArray<string> = [
  "server:test/suites/killMidBatch.test.ts",
  "server:test/suites/fuzz.test.ts",
  "server:test/signInLimits.test.ts",
  "server:test/boundedWork.test.ts",
  "server:test/suites/rightsTable.test.ts",
  "server:test/accessRequestNotices.test.ts",
  "server:test/accessRequests.test.ts",
  "server:test/policyBuilders.test.ts",
  "server:test/relay/relay.test.ts",
  "server:test/suites/startStop.test.ts",
  "server:test/auth.test.ts",
  "server:test/seed.test.ts",
  "server:test/dataPointWatchRights.test.ts",
  "server:test/myAccount.test.ts",
  "server:test/roles.test.ts",
  "server:test/reportEvents.test.ts",
  "server:test/reports.test.ts",
  "server:test/translations.test.ts",
  "server:test/suites/schemaFuzz.test.ts",
];

/** Projects by their share of the batch's work, heaviest first. */
export const PROJECT_ORDER: ReadonlyArray<string> = ["server", "web", "core", "adapters", "fixtures"];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rankIn = (list: ReadonlyArray<string>, key: string): number => {
      const at = list.indexOf(key);
      return at < 0 ? list.length : at;
    };
    const fileRank = (spec: TestSpecification): number =>
      rankIn(SLOW_FILES, `${spec.project.name}:${relative(spec.project.config.root, spec.moduleId).replaceAll("\\", "/")}`);
    // A stable sort: files off the list keep vitest's order among themselves (its duration cache
    // when there is one, else the largest first).
    return [...ordered].sort((a, b) =>
      rankIn(PROJECT_ORDER, a.project.name) - rankIn(PROJECT_ORDER, b.project.name) || fileRank(a) - fileRank(b));
  }
}
