/**
 * A RootStore on the in-memory PortalApi, signed in to one company with the given rights, with
 * the shell's lists loaded, plus the group type, asset type and translation stores over it.
 */
import { runInAction } from "mobx";
import type { AssetType } from "@portal/core/domain/AssetType";
import type { Right } from "@portal/core/domain/Right";
import type { PortalApiMemorySeed } from "@portal/fixtures/memory/portal-api/state";
import { company, harness } from "./harness";
import { TranslationStore } from "../src/stores/TranslationStore";
import { GroupTypeStore } from "../src/stores/GroupTypeStore";
import { AssetTypeStore } from "../src/stores/AssetTypeStore";
import { ShellDataStore } from "../src/stores/ShellDataStore";

export const ALL_TYPE_RIGHTS: ReadonlyArray<Right> = [
  "manage:group-types", "manage:subgroups", "manage:groups", "manage:asset-types", "manage:translations",
];

export const assetType = (publicId: string, name: string, order: number): AssetType => ({ publicId, name, order });

export async function typesHarness(rights: ReadonlyArray<Right>, seed: PortalApiMemorySeed = {}) {
  const h = harness({ seed: { companies: [{ company: company("companyAAAAA", "Alpha"), rights }], ...seed, signedIn: true } });
  runInAction(() => {
    h.root.session.rights = rights;
    h.root.session.selectedCompanyId = "companyAAAAA";
  });
  await h.root.get(ShellDataStore).ensure();
  const translations = h.root.get(TranslationStore);
  const groupTypes = h.root.get(GroupTypeStore);
  const assetTypes = h.root.get(AssetTypeStore);
  return { ...h, translations, groupTypes, assetTypes };
}
