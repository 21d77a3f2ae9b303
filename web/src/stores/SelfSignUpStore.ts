/**
 * Whether the host's sector takes registrations (issue 11): the sign-in page shows its "Create an
 * account" link only then, and /register (RegisterStore) reads the same answer. Apart from
 * RegisterStore so that the sign-in page's first load does not carry the registration form.
 */
import { action, makeObservable, observable, runInAction } from "mobx";
import type { RootStore } from "./RootStore";

export class SelfSignUpStore {
  /** Whether the sector takes registrations; null until asked (or when asking failed). */
  allowed: boolean | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable(this, { allowed: observable, refused: action });
  }

  /** Asks the server (the sign-in page and /register). */
  async load(): Promise<void> {
    const result = await this.root.run(this.root.ports.api.selfService.registrationAllowed());
    runInAction(() => (this.allowed = result._tag === "Success" ? result.success : null));
  }

  /** The sector stopped taking registrations since the page was opened. */
  refused(): void {
    this.allowed = false;
  }
}
