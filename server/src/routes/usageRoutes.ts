/**
 * Data usage of the selected company (use:data-usage, issue 12): the rows of a period as JSON for
 * the chart and as a CSV file. The period is checked by core's usagePeriod (400 naming the field).
 */
import { InvalidInput } from "@portal/core/errors";
import { usageCsvHeader, usageCsvLine, usagePeriod, type UsagePeriod } from "@portal/core/rules/usage";
import type { UsageGranularity } from "@portal/core/domain/Usage";
import { companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { usageRows } from "../usage/usageRows";

const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? v[0] ?? "" : v ?? "");

function periodOf(ctx: RequestContext): UsagePeriod {
  const granularity = (one(ctx.query["granularity"]) || "day") as UsageGranularity;
  const p = usagePeriod(one(ctx.query["from"]), one(ctx.query["to"]), granularity, one(ctx.query["timeZone"]) || "UTC");
  if ("field" in p) throw new InvalidInput({ issues: [{ message: p.message, propertyName: p.field }] });
  return p;
}

/** The rows, with this process's API calls counted so far written first (the reader sees its own calls). */
async function rowsOf(ctx: RequestContext, p: UsagePeriod) {
  await ctx.deps.apiCalls.flush().catch(() => undefined);
  return usageRows(ctx.db, companyOf(ctx).id, p);
}

export const usageRoutes: HandlersOf<"DataUsage" | "DataUsageExport"> = {
  "DataUsage.GET": async (ctx) => ({ type: "DataUsage", data: await rowsOf(ctx, periodOf(ctx)) }),

  "DataUsageExport.GET": async (ctx) => {
    const p = periodOf(ctx);
    const rows = await rowsOf(ctx, p);
    const name = `usage-${companyOf(ctx).publicId}-${p.buckets[0]}-${p.buckets[p.buckets.length - 1]}.csv`;
    await ctx.reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}"`)
      .header("cache-control", "no-store")
      .send(usageCsvHeader() + rows.map(usageCsvLine).join(""));
    return { type: "DataUsageExport", data: null, raw: true };
  },
};
