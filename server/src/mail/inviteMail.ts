/**
 * The invite mail: who invites to which company, and the link of the accept page with the
 * invite's token (valid INVITE_VALID_MS; only its hash is stored, so the mail is the only copy).
 */
import type { OutgoingMail } from "./outbox";

/** The web app's accept page for a token. */
export const inviteLink = (origin: string, token: string): string => `${origin}/finish-invite?token=${encodeURIComponent(token)}`;

/** The mail of one invite (a resend is the same mail with the new link). */
export function inviteMail(input: {
  readonly to: string; readonly name: string | null; readonly companyName: string; readonly inviterName: string | null;
  readonly token: string; readonly expiresAt: Date; readonly origin: string;
}): OutgoingMail {
  return {
    to: input.to,
    subject: `Invitation to ${input.companyName}`,
    text: [
      `Hello${input.name ? ` ${input.name}` : ""},`, "",
      `${input.inviterName ?? "An administrator"} invites you to join ${input.companyName} on the portal.`,
      "", `Accept the invitation here: ${inviteLink(input.origin, input.token)}`, "",
      `The link works until ${input.expiresAt.toISOString().replace(/\.\d{3}Z$/, "Z")} (UTC).`,
      "If you did not expect this invitation, ignore this mail.",
    ].join("\n"),
  };
}
