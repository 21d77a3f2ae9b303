import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PageVersion } from "../domain/Page";
import { canDuplicate, discardDraft, duplicate, emptyVersion, ensureDraft, type PageState, publish } from "./pages";

const ids = (prefix = "v") => {
  let n = 0;
  return () => `${prefix}${++n}`;
};
const version = (publicId: string, title = "Report"): PageVersion => ({
  ...emptyVersion(publicId, { title, icon: "dashboard" }),
  components: [{ type: "gauge", config: { max: 10 } }],
  previewAgent: { publicId: "agent1" },
});
const failureOf = <A, E>(r: Result.Result<A, E>): E => {
  if (Result.isSuccess(r)) throw new Error("expected a failure");
  return r.failure;
};
const successOf = <A, E>(r: Result.Result<A, E>): A => {
  if (Result.isFailure(r)) throw new Error(`expected a success, got ${String(r.failure)}`);
  return r.success;
};

describe("ensureDraft", () => {
  it("uses an existing draft", () => {
    const page: PageState = { publicId: "p", draft: version("d"), published: version("pub") };
    expect(ensureDraft(page, { title: "x" }, ids())).toEqual({ page, created: null });
  });
  it("copies the published version when there is no draft", () => {
    const published = version("pub");
    const { page, created } = ensureDraft({ publicId: "p", draft: null, published }, { title: "x" }, ids());
    expect(created).toEqual({ ...published, publicId: "v1" });
    expect(page.draft).toBe(created);
    (created!.components[0] as { config: { max: number } }).config.max = 99;
    expect((published.components[0] as { config: { max: number } }).config.max).toBe(10);
  });
  it("creates an empty draft with the title, icon and period 'today' when there is nothing", () => {
    const { created } = ensureDraft({ publicId: "p", draft: null, published: null }, { title: "New", icon: "factory" }, ids());
    expect(created).toEqual({
      publicId: "v1", title: "New", custom: { glbMatIcon: "factory" }, periodSpec: "today",
      components: [], pagePages: [], previewAgent: null, previewAsset: null,
    });
    expect(ensureDraft({ publicId: "p", draft: null, published: null }, { title: "New" }, ids()).created!.custom).toEqual({});
  });
});

describe("discardDraft", () => {
  it("fails with 'Page has no draft version' without a draft", () => {
    const error = failureOf(discardDraft({ publicId: "p", draft: null, published: version("pub") }, ids()));
    expect([error._tag, error.message]).toEqual(["PageHasNoDraft", "Page has no draft version"]);
  });
  it("deletes the draft and ensures a new one from the published version", () => {
    const draft = version("d", "Edited");
    const result = successOf(discardDraft({ publicId: "p", draft, published: version("pub") }, ids()));
    expect(result.deleted).toBe(draft);
    expect(result.page.draft).toEqual({ ...version("pub"), publicId: "v1" });
  });
  it("ensures an empty draft with the same title when nothing is published", () => {
    const result = successOf(discardDraft({ publicId: "p", draft: version("d", "Mine"), published: null }, ids()));
    expect(result.page.draft).toEqual(emptyVersion("v1", { title: "Mine", icon: "dashboard" }));
  });
});

describe("publish", () => {
  it("fails with 'Page has no draft version' without a draft", () => {
    expect(failureOf(publish({ publicId: "p", draft: null, published: null }, ids())).message).toBe("Page has no draft version");
  });
  it("publishes the draft, deletes the old published version and ensures a new draft", () => {
    const draft = version("d", "New");
    const old = version("pub", "Old");
    const result = successOf(publish({ publicId: "p", draft, published: old }, ids()));
    expect(result.page.published).toBe(draft);
    expect(result.deleted).toBe(old);
    expect(result.page.draft).toEqual({ ...draft, publicId: "v1" });
    expect(result.created).toBe(result.page.draft);
  });
  it("deletes nothing on a first publish", () => {
    expect(successOf(publish({ publicId: "p", draft: version("d"), published: null }, ids())).deleted).toBeNull();
  });
  const stateArb = fc.record({
    publicId: fc.constant("p"),
    draft: fc.option(fc.constantFrom("d1", "d2").map((id) => version(id)), { nil: null }),
    published: fc.option(fc.constantFrom("p1", "p2").map((id) => version(id)), { nil: null }),
  });
  it("property: after publish there is always a draft and a published version, and the old published id is gone", () => {
    fc.assert(
      fc.property(stateArb, (page) => {
        const result = publish(page, ids("new"));
        if (!page.draft) {
          expect(Result.isFailure(result)).toBe(true);
          return;
        }
        const after = successOf(result).page;
        expect(after.draft).not.toBeNull();
        expect(after.published).not.toBeNull();
        if (page.published) {
          expect(after.published!.publicId).not.toBe(page.published.publicId);
          expect(after.draft!.publicId).not.toBe(page.published.publicId);
        }
        expect(after.draft!.publicId).not.toBe(after.published!.publicId);
      }),
    );
  });
  it("property: ensureDraft and discardDraft always leave a draft", () => {
    fc.assert(
      fc.property(stateArb, (page) => {
        expect(ensureDraft(page, { title: "t" }, ids("n")).page.draft).not.toBeNull();
        const discarded = discardDraft(page, ids("n"));
        if (Result.isSuccess(discarded)) expect(discarded.success.page.draft).not.toBeNull();
        else expect(page.draft).toBeNull();
      }),
    );
  });
});

describe("duplicate", () => {
  it("reports 'No published page' for a page that was never published", () => {
    const page = { publicId: "p", draft: version("d"), published: null };
    expect(canDuplicate(page)).toBe(false);
    const error = failureOf(duplicate(page, ids()));
    expect([error._tag, error.message]).toEqual(["NoPublishedPage", "No published page"]);
  });
  it("copies the published version into a new page with a draft", () => {
    const published = version("pub");
    const page = { publicId: "p", draft: version("d", "unpublished edits"), published };
    expect(canDuplicate(page)).toBe(true);
    expect(successOf(duplicate(page, ids()))).toEqual({
      publicId: "v1", published: { ...published, publicId: "v2" }, draft: { ...published, publicId: "v3" },
    });
  });
});
