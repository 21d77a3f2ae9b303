/**
 * The h1 of each list screen, by its path: what the screen's own ScreenHeader shows, for the
 * starting screen of a signed-in start (the e2e test starting-screen.spec loads each and
 * compares). Screens titled by their data (a group type, a device) are not here: their title is
 * not known before the data.
 */
export const STARTING_TITLES: Readonly<Record<string, string>> = {
  "/devices": "Devices",
  "/my-access-requests": "My access requests",
  "/approvals": "Approvals",
  "/tunnel-sessions": "Active sessions",
  "/translations": "Translations",
  "/audit-trail": "Audit trail",
  "/users": "Users",
  "/roles": "Roles",
  "/access-categories": "Access categories",
  "/custom-fields": "Custom fields",
  "/mqtt": "MQTT brokers",
  "/usage": "Usage",
  "/identity": "Identity",
  "/pages": "Pages",
  "/licenses": "Licences",
  "/apps": "Apps",
  "/templates": "Templates",
  "/router-screensavers": "Router screensavers",
  "/platform-servers": "Platform servers",
};
