/**
 * Self sign-up (issue 11, /register): what a registration form must hold. A sector allows it or
 * not (its selfSignUp flag); the form asks a name, an e-mail address, a password judged by the
 * one password rule (rules/passwordStrength.ts) and optionally a language. The server refuses
 * with these issues (InvalidInput naming the field) and the web shows them as the user types.
 */
import { passwordProblems } from "./passwordStrength";
import { isEmailAddress, normalizeEmail, profileIssues, type ProfileIssue } from "./profile";

/** A registration as typed. */
export interface RegistrationForm {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly language?: string | null | undefined;
}

/**
 * The issues of a registration; empty when it can be sent. REQUIRED for a blank name, e-mail or
 * password, INVALID_EMAIL for an implausible address, the profile rule's name and language
 * messages, and every password problem for the person's own name and (normalised) address.
 * Pure and total; the same form always gives the same issues.
 */
export function registrationIssues(form: RegistrationForm): ProfileIssue[] {
  const issues: ProfileIssue[] = [...profileIssues({ name: form.name, language: form.language })];
  const email = normalizeEmail(form.email);
  if (email === "") issues.push({ message: "REQUIRED", propertyName: "email" });
  else if (!isEmailAddress(email)) issues.push({ message: "INVALID_EMAIL", propertyName: "email" });
  if (form.password === "") issues.push({ message: "REQUIRED", propertyName: "password" });
  else {
    for (const message of passwordProblems(form.password, { email, name: form.name })) issues.push({ message, propertyName: "password" });
  }
  return issues;
}

/**
 * Whether the sign-in page offers "Create an account" and the server takes a registration: only
 * when the sector of the host allows self sign-up. A missing sector allows nothing.
 */
export const canSelfSignUp = (sector: { readonly selfSignUp: boolean } | null | undefined): boolean => sector?.selfSignUp === true;
