import { printFilter } from "@portal/core/wire/filters";
import type { ListRequest } from "@portal/core/ports/PortalApi";

/** The api.md query parameters of a list request (fields, filters, page-size, page-after). */
export function listQuery(request: ListRequest = {}, extra: Record<string, string> = {}): Record<string, string | string[]> {
  const q: Record<string, string | string[]> = { ...extra };
  if (request.fields !== undefined) q.fields = request.fields;
  if (request.filters !== undefined && request.filters.length > 0) q.filters = request.filters.map(printFilter);
  if (request.pageSize !== undefined) q["page-size"] = String(request.pageSize);
  if (request.pageAfter !== undefined) q["page-after"] = request.pageAfter;
  return q;
}
