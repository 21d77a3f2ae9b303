/**
 * A failure that is about HTTP itself rather than the domain (missing header, sign-in answers with
 * a fixed wire message, bad paging): thrown by the platform and turned into the error envelope.
 * Domain failures are core's tagged errors instead.
 */
import type { ValidationIssue } from "@portal/core/errors";

export class HttpProblem extends Error {
  constructor(readonly status: number, readonly issues: ReadonlyArray<ValidationIssue>, readonly headers: Record<string, string> = {}) {
    super(issues[0]?.message ?? `HTTP ${status}`);
  }

  static of(status: number, message: string, propertyName?: string): HttpProblem {
    return new HttpProblem(status, [propertyName === undefined ? { message } : { message, propertyName }]);
  }
}
