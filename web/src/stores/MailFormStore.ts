/**
 * One mail form on a page (issue 13): subject and message typed by the person, sent about the
 * device to the recipients configured on the page's component (the server reads them from the
 * page; rules/mailForm.ts). A failed send keeps what was typed and shows the catalogue's
 * sentence (too many messages, no recipients yet, ...).
 */
import { action, makeObservable, observable, runInAction } from "mobx";
import { REQUIRED } from "@portal/core/rules/serviceLogbook";
import type { RootStore } from "./RootStore";

export interface MailFormTarget {
  readonly agentPublicId: string;
  readonly pagePublicId: string;
  readonly componentId: string;
  /** The page version holding the component: the editor previews the draft. */
  readonly version: "draft" | "published";
}

export class MailFormStore {
  subject: string;
  message = "";
  error: string | null = null;
  sending = false;
  /** How many recipients the last mail went to; null until one was sent. */
  sentTo: number | null = null;

  constructor(private readonly root: RootStore, readonly target: MailFormTarget, defaultSubject: string) {
    this.subject = defaultSubject;
    makeObservable(this, { subject: observable, message: observable, error: observable, sending: observable, sentTo: observable, setSubject: action, setMessage: action });
  }

  setSubject(subject: string): void {
    this.subject = subject;
  }

  setMessage(message: string): void {
    this.message = message;
    this.error = null;
    this.sentTo = null;
  }

  async send(): Promise<boolean> {
    if (this.message.trim() === "") {
      runInAction(() => (this.error = this.root.messages.text(REQUIRED)));
      return false;
    }
    runInAction(() => (this.sending = true));
    const { agentPublicId, pagePublicId, componentId, version } = this.target;
    const result = await this.root.run(this.root.ports.api.deviceRecords.sendMailForm(agentPublicId, {
      page: pagePublicId, component: componentId, version, subject: this.subject.trim() === "" ? null : this.subject, message: this.message,
    }));
    runInAction(() => {
      this.sending = false;
      if (result._tag === "Success") {
        this.sentTo = result.success.recipients;
        this.message = "";
        this.error = null;
      } else {
        this.error = this.root.messages.ofError(result.failure);
      }
    });
    return result._tag === "Success";
  }
}
