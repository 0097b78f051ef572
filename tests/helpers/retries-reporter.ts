// A reporter beside the default one: for each test that passed only on a retry (the browser files may retry,
// vitest.config.ts), it prints the failures of the tries before, which the default reporter does not show, so
// a flaky test's cause is in the CI log and not only the fact that it was retried.
import type { Reporter, TestCase } from "vitest/node";

export default class RetriesReporter implements Reporter {
  private retried: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const result = test.result();
    const retries = test.diagnostic()?.retryCount ?? 0;
    if (result.state !== "passed" || retries === 0) return;
    const lines = [`${test.module.moduleId.replace(`${process.cwd()}/`, "")} > ${test.fullName} (passed on try ${retries + 1})`];
    for (const e of result.errors ?? []) {
      const where = e.stack
        ?.split("\n")
        .find((l) => l.includes("/tests/"))
        ?.trim();
      lines.push(`  ${e.name ?? "Error"}: ${(e.message ?? "").split("\n")[0]}${where ? `\n    ${where}` : ""}`);
    }
    this.retried.push(lines.join("\n"));
  }

  onTestRunEnd(): void {
    if (!this.retried.length) return;
    process.stdout.write(`\nPassed on a retry (${this.retried.length}), the earlier tries' failures:\n${this.retried.join("\n")}\n\n`);
  }
}
