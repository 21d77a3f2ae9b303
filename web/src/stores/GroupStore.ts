/**
 * The groups of one group type (issue 11, /groups/{typeId}): the tree (core's groupForest),
 * create, rename, move and delete through core's tree rules (rules/groupTree) before the call,
 * and the selected group's members (with roles) and devices. Failures of member edits show the
 * first server message for 3 s (spec 8, "Membership edit or replace failure"); a failed save
 * returns its issues so the dialog keeps what the person typed.
 */
import { type Effect, Result } from "effect";
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import { MAX_PAGE_SIZE } from "@portal/core/constants";
import type { AgentView } from "@portal/core/domain/Device";
import type { Group, GroupAgent, GroupMembership, GroupRoleChoice, GroupUser } from "@portal/core/domain/Group";
import { allPages } from "@portal/core/ports/PortalApi";
import type { NoticeError } from "@portal/core/rules/errorCatalogue";
import { groupForest, validateGroup, type GroupNode, type TreeGroup } from "@portal/core/rules/groupTree";
import type { PortalError } from "@portal/core/wire/errorStatus";
import { messageOfError } from "./messages";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

/** A group with its tree fields, as the rules and the tree view read it. */
export type GroupItem = Group & TreeGroup;

/** The outcome of a dialog's save: done, or the issues to show beside the fields. */
export type GroupSaveOutcome = { readonly ok: true; readonly publicId: string } | { readonly ok: false; readonly issues: ReadonlyArray<{ message: string; propertyName?: string }> };

const toItem = (g: Group): GroupItem => ({ ...g, typeId: g.type.publicId, parentId: g.parent?.publicId ?? null });
const issuesOf = (e: { readonly issues?: ReadonlyArray<{ message: string; propertyName?: string }> }) => e.issues ?? [];

/** People the member picker lists at once: the search narrows them down. */
const CANDIDATES_SHOWN = 50;

export class GroupStore {
  typeId: string | null = null;
  groups: ReadonlyArray<GroupItem> = [];
  loadState: "idle" | "loading" | "ready" | "failed" = "idle";
  loadError: NoticeError | null = null;
  selectedId: string | null = null;
  members: ReadonlyArray<GroupMembership> = [];
  agents: ReadonlyArray<GroupAgent> = [];
  roles: ReadonlyArray<GroupRoleChoice> = [];
  detailsState: "idle" | "loading" | "ready" | "failed" = "idle";

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      typeId: observable, groups: observableRef, loadState: observable, loadError: observableRef, selectedId: observable,
      members: observableRef, agents: observableRef, roles: observableRef, detailsState: observable,
      forest: computed, selected: computed, canManage: computed, mayNest: computed, select: action,
    });
  }

  get canManage(): boolean {
    return this.root.session.rights.includes("manage:groups");
  }

  /** Whether the company may use subgroups (manage:subgroups): only then can a parent be chosen. */
  get mayNest(): boolean {
    return this.root.session.rights.includes("manage:subgroups");
  }

  get forest(): GroupNode<GroupItem>[] {
    return this.typeId === null ? [] : groupForest(this.groups, this.typeId);
  }

  get selected(): GroupItem | undefined {
    return this.groups.find((g) => g.publicId === this.selectedId);
  }

  byId(publicId: string): GroupItem | undefined {
    return this.groups.find((g) => g.publicId === publicId);
  }

  /** Loads the groups of a type (every page); keeps the selection when it is still there. */
  async load(typeId: string): Promise<void> {
    runInAction(() => {
      if (this.typeId !== typeId) this.selectedId = null;
      this.typeId = typeId;
      this.loadState = "loading";
    });
    const { groups } = this.root.ports.api;
    const result = await this.root.run(allPages((after) => groups.listByGroupType(typeId, { pageSize: MAX_PAGE_SIZE, ...(after ? { pageAfter: after } : {}) })));
    if (this.typeId !== typeId) return;
    runInAction(() => {
      if (Result.isSuccess(result)) {
        this.groups = result.success.map(toItem);
        this.loadState = "ready";
        if (this.selectedId !== null && !this.byId(this.selectedId)) this.selectedId = null;
      } else {
        this.loadError = result.failure;
        this.loadState = "failed";
      }
    });
  }

  /** The rule's verdict on a create, rename or move, before any call (the server checks again). */
  check(input: { name: string; parentId: string | null; selfPublicId?: string }): GroupSaveOutcome | null {
    if (this.typeId === null) return { ok: false, issues: [] };
    const current = input.selfPublicId === undefined ? undefined : this.byId(input.selfPublicId);
    const valid = validateGroup(this.groups, { name: input.name, typeId: this.typeId, parentId: input.parentId, ...(input.selfPublicId ? { selfPublicId: input.selfPublicId } : {}) },
      { mayUseSubgroups: this.mayNest, parentChanged: input.parentId !== (current?.parentId ?? null) });
    return Result.isFailure(valid) ? { ok: false, issues: issuesOf(valid.failure) } : null;
  }

  async create(name: string, parentId: string | null): Promise<GroupSaveOutcome> {
    const typeId = this.typeId;
    const refused = this.check({ name, parentId });
    if (refused || typeId === null) return refused ?? { ok: false, issues: [] };
    const result = await this.root.run(this.root.ports.api.groups.create({ name: name.trim(), typePublicId: typeId, parentPublicId: parentId }));
    if (Result.isFailure(result)) return this.failed(result.failure);
    await this.load(typeId);
    return { ok: true, publicId: result.success.publicId };
  }

  /** Renames and/or moves a group; sends only what changed. */
  async update(publicId: string, name: string, parentId: string | null): Promise<GroupSaveOutcome> {
    const current = this.byId(publicId);
    if (!current || this.typeId === null) return { ok: false, issues: [] };
    const refused = this.check({ name, parentId, selfPublicId: publicId });
    if (refused) return refused;
    const change = { ...(name.trim() !== current.name ? { name: name.trim() } : {}), ...(parentId !== current.parentId ? { parentPublicId: parentId } : {}) };
    if (Object.keys(change).length === 0) return { ok: true, publicId };
    const result = await this.root.run(this.root.ports.api.groups.update(publicId, change));
    if (Result.isFailure(result)) return this.failed(result.failure);
    await this.load(this.typeId);
    return { ok: true, publicId };
  }

  /** Deletes a group; a refusal (in use) shows the server's sentence and answers it too. */
  async remove(publicId: string): Promise<GroupSaveOutcome> {
    const result = await this.root.run(this.root.ports.api.groups.remove(publicId));
    if (Result.isFailure(result)) {
      notifyFailure(this.root.snackbars, result.failure, "membership.edit", "groups");
      return this.failed(result.failure);
    }
    runInAction(() => {
      this.groups = this.groups.filter((g) => g.publicId !== publicId);
      if (this.selectedId === publicId) this.selectedId = null;
    });
    return { ok: true, publicId };
  }

  select(publicId: string | null): void {
    this.selectedId = publicId;
    if (publicId !== null) void this.loadDetails(publicId);
  }

  /** Loads the selected group's members, devices and the roles to choose from. */
  async loadDetails(publicId: string): Promise<void> {
    runInAction(() => (this.detailsState = "loading"));
    const api = this.root.ports.api.groups;
    const [members, agents, roles] = await Promise.all([
      this.root.run(allPages((after) => api.listMembers(publicId, { pageSize: MAX_PAGE_SIZE, ...(after ? { pageAfter: after } : {}) }))),
      this.root.run(api.listAgents(publicId)),
      this.roles.length > 0 ? Promise.resolve(Result.succeed(this.roles)) : this.root.run(api.roleChoices()),
    ]);
    if (this.selectedId !== publicId) return;
    runInAction(() => {
      if (Result.isSuccess(members) && Result.isSuccess(agents) && Result.isSuccess(roles)) {
        this.members = members.success;
        this.agents = agents.success;
        this.roles = roles.success;
        this.detailsState = "ready";
      } else {
        this.detailsState = "failed";
      }
    });
  }

  /**
   * The company's members matching `search` (name or e-mail, searched by the server's users list),
   * the first 50 by name, for the member picker (empty on failure).
   */
  async candidates(search: string): Promise<ReadonlyArray<GroupUser>> {
    if (this.selectedId === null) return [];
    const trimmed = search.trim();
    const result = await this.root.run(this.root.ports.api.users.list({ pageSize: CANDIDATES_SHOWN, sort: "name", ...(trimmed === "" ? {} : { search: trimmed }) }));
    return Result.isSuccess(result) ? result.success.data.map(({ publicId, name, email }) => ({ publicId, name, email })) : [];
  }

  /** Devices of the company matching `search`, for the device picker (empty on failure). */
  async deviceChoices(search: string): Promise<ReadonlyArray<AgentView>> {
    const result = await this.root.run(this.root.ports.api.accessRequests.agents({ pageSize: 50, ...(search.trim() === "" ? {} : { search: search.trim() }) }));
    return Result.isSuccess(result) ? result.success.data : [];
  }

  async addMember(userPublicId: string, rolePublicId: string): Promise<boolean> {
    const groupPublicId = this.selectedId;
    if (groupPublicId === null) return false;
    return this.memberEdit(groupPublicId, this.root.ports.api.groups.addMembers([{ userPublicId, groupPublicId, rolePublicId }]));
  }

  async changeRole(membershipPublicId: string, rolePublicId: string): Promise<boolean> {
    if (this.selectedId === null) return false;
    return this.memberEdit(this.selectedId, this.root.ports.api.groups.changeRoles([{ publicId: membershipPublicId, rolePublicId }]));
  }

  async removeMember(membershipPublicId: string): Promise<boolean> {
    if (this.selectedId === null) return false;
    return this.memberEdit(this.selectedId, this.root.ports.api.groups.removeMembers([membershipPublicId]));
  }

  async addAgent(agentPublicId: string): Promise<boolean> {
    if (this.selectedId === null) return false;
    return this.memberEdit(this.selectedId, this.root.ports.api.groups.addAgents(this.selectedId, [agentPublicId]));
  }

  async removeAgent(agentPublicId: string): Promise<boolean> {
    if (this.selectedId === null) return false;
    return this.memberEdit(this.selectedId, this.root.ports.api.groups.removeAgents(this.selectedId, [agentPublicId]));
  }

  /** Runs a member or device edit; a failure shows its first server message for 3 s (spec 8). */
  private async memberEdit(groupPublicId: string, call: Effect.Effect<unknown, NoticeError>): Promise<boolean> {
    const result = await this.root.run(call);
    if (Result.isFailure(result)) {
      notifyFailure(this.root.snackbars, result.failure, "membership.edit", "group-members");
      return false;
    }
    await this.loadDetails(groupPublicId);
    return true;
  }

  /** A failed save's issues; an error without any (not found, server down) becomes one sentence. */
  private failed(error: NoticeError): GroupSaveOutcome {
    const issues = issuesOf(error as { issues?: ReadonlyArray<{ message: string; propertyName?: string }> });
    return { ok: false, issues: issues.length > 0 ? issues : [{ message: messageOfError(error as PortalError) }] };
  }
}
