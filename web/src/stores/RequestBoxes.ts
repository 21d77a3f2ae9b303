/**
 * Access requests in boxes (pending / active / past for mine, pending / active / history for an
 * approver), each a first page of REQUEST_PAGE_SIZE from the server with "Load more" on its
 * cursor. Shared by MyAccessRequestsStore and ApprovalsStore; only the port call differs.
 */
import type { Effect } from "effect";
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { MyAccessRequest } from "@portal/core/domain/AccessRequest";
import type { AccessRequestBox, AccessRequestListRequest } from "@portal/core/ports/api/AccessRequestsApi";
import type { CallError, ListPage } from "@portal/core/ports/PortalApi";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

export const REQUEST_PAGE_SIZE = 50;

export interface Box {
  rows: ReadonlyArray<MyAccessRequest>;
  moreAfter: string | null;
  state: GateState;
}

const emptyBox = (): Box => ({ rows: [], moreAfter: null, state: "idle" });

export class RequestBoxes<B extends AccessRequestBox> {
  boxes: Record<B, Box>;
  /** The box on screen. */
  current: B;
  /** Requests an action is running on (their buttons spin). */
  busy: ReadonlySet<string> = new Set();
  private generations = new Map<B, number>();

  constructor(
    private readonly root: RootStore,
    names: ReadonlyArray<B>,
    private readonly list: (request: AccessRequestListRequest) => Effect.Effect<ListPage<MyAccessRequest>, CallError>,
    private readonly snackbarKey: string,
  ) {
    this.current = names[0]!;
    this.boxes = Object.fromEntries(names.map((n) => [n, emptyBox()])) as Record<B, Box>;
    makeObservable<RequestBoxes<B>, "generations">(this, {
      generations: false, boxes: observable, current: observable, busy: observableRef, show: action, setBusy: action,
    });
  }

  /** Shows a box and loads it. */
  show(box: B): Promise<void> {
    this.current = box;
    return this.load(box);
  }

  /** Rows a load brought (a subclass notes what it needs of them). */
  protected shown(_rows: ReadonlyArray<MyAccessRequest>): void {}

  /** Every request shown in any box. */
  all(): MyAccessRequest[] {
    return (Object.values(this.boxes) as Box[]).flatMap((b) => b.rows);
  }

  /** Loads the first page of a box again, replacing it; an older answer is dropped. */
  async load(box: B): Promise<void> {
    const generation = (this.generations.get(box) ?? 0) + 1;
    this.generations.set(box, generation);
    runInAction(() => (this.boxes[box].state = "pending"));
    const result = await this.root.run(this.list({ box, pageSize: REQUEST_PAGE_SIZE }));
    if (this.generations.get(box) !== generation) return;
    runInAction(() => {
      const target = this.boxes[box];
      if (result._tag === "Success") {
        target.rows = result.success.data;
        target.moreAfter = result.success.moreAfter;
        target.state = "ready";
        this.shown(result.success.data);
      } else {
        target.state = "failed";
        notifyFailure(this.root.snackbars, result.failure, "other", this.snackbarKey);
      }
    });
  }

  async loadMore(box: B): Promise<void> {
    const target = this.boxes[box];
    if (target.moreAfter === null || target.state !== "ready") return;
    const generation = this.generations.get(box);
    const result = await this.root.run(this.list({ box, pageSize: REQUEST_PAGE_SIZE, pageAfter: target.moreAfter }));
    if (this.generations.get(box) !== generation) return;
    runInAction(() => {
      if (result._tag === "Success") {
        target.rows = [...target.rows, ...result.success.data];
        target.moreAfter = result.success.moreAfter;
        this.shown(result.success.data);
      } else {
        notifyFailure(this.root.snackbars, result.failure, "other", this.snackbarKey);
      }
    });
  }

  /** Loads again every box that was loaded (a request moved between boxes). */
  refresh(): Promise<void> {
    const loaded = (Object.keys(this.boxes) as B[]).filter((b) => this.boxes[b].state !== "idle");
    return Promise.all(loaded.map((b) => this.load(b))).then(() => undefined);
  }

  setBusy(publicId: string, busy: boolean): void {
    const next = new Set(this.busy);
    if (busy) next.add(publicId);
    else next.delete(publicId);
    this.busy = next;
  }
}
