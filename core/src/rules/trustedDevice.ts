/**
 * Trusted devices and the second factor (spec.md section 3 "Trusted device", issue 11): a browser
 * from which the user once completed a sign-in with their second factor is trusted; signing in
 * again from it asks only for the password. Forgetting the device (removing it from the trusted
 * devices) makes the next sign-in from it ask for the second factor again. A browser that only
 * signed in before two-factor authentication was turned on is not trusted by that: it never
 * proved the second factor.
 */

/** A browser the user signed in from, as this rule sees it. */
export interface KnownDevice {
  /** When a sign-in from it last passed the second factor (epoch ms), null when none did. */
  readonly secondFactorAt: number | null;
}

/**
 * Whether a sign-in must give the second factor. Guarantees: never when the account has no
 * two-factor authentication; always from an unknown (or forgotten) browser and from one that never
 * passed the second factor; never from a browser that did.
 */
export const needsSecondFactor = (twoFactorEnabled: boolean, device: KnownDevice | undefined): boolean =>
  twoFactorEnabled && (device === undefined || device.secondFactorAt === null);
