/** What the bench runner and its server process share (values only: importing benchServers.ts would start a server). */
export const LIST_URL = "/api/group-types?fields=color,name,order&page-size=100";
export const UPSERT_KEYS = 10_000;
