/**
 * A company's group types or asset types indexed for bulk calls. The rules of groupTypes.ts
 * compare a name with every other type, which is fine for one dialog but quadratic for a bulk
 * call of thousands of items (12,000 items took 24 s and stalled the server). This index keeps
 * the uniqueness rule (typeNameKey: trimmed, NFC, case-insensitive) and ordering (nextOrder) in
 * constant time per item, so a batch is checked in time linear in its size.
 */
import { ORDER_STEP } from "../constants";
import { typeNameKey } from "./groupTypes";

/** What the index needs of a type. */
export interface IndexedType {
  readonly publicId: string;
  readonly name: string;
  readonly order: number;
}

/**
 * The types of one company: by publicId, by name key, and the largest order. Building it is
 * linear; get, clash, add, replace and remove are constant time (amortised), so a batch of n
 * items costs O(n) whatever the size of the list. The index is a working copy for one call:
 * it does not change the array it was built from.
 */
export class TypeIndex<T extends IndexedType> {
  private readonly byId = new Map<string, T>();
  /** Name key to the publicIds holding it (more than one only in data stored before the rule). */
  private readonly byName = new Map<string, Set<string>>();
  private maxOrder = -Infinity;
  /** Set when the type holding maxOrder is removed; recomputed (once) on the next nextOrder. */
  private maxStale = false;

  constructor(items: Iterable<T>) {
    for (const item of items) this.add(item);
  }

  get size(): number {
    return this.byId.size;
  }

  /** The type with this publicId, if any. */
  get(publicId: string): T | undefined {
    return this.byId.get(publicId);
  }

  /** The types, in the order they were added or replaced in place. */
  values(): IterableIterator<T> {
    return this.byId.values();
  }

  /**
   * The first type other than `selfPublicId` whose name clashes with `name` under the
   * uniqueness rule (groupTypes.sameTypeName), or undefined. Same answer as findNameClash over
   * the indexed types.
   */
  clash(name: string, selfPublicId?: string): T | undefined {
    const holders = this.byName.get(typeNameKey(name));
    if (!holders) return undefined;
    for (const id of holders) if (id !== selfPublicId) return this.byId.get(id);
    return undefined;
  }

  /** The order of a new type: ordering.nextOrder over the indexed types (0 when empty). */
  nextOrder(): number {
    if (this.maxStale) {
      this.maxOrder = -Infinity;
      for (const t of this.byId.values()) if (t.order > this.maxOrder) this.maxOrder = t.order;
      this.maxStale = false;
    }
    return this.byId.size === 0 ? 0 : this.maxOrder + ORDER_STEP;
  }

  /** Adds a type (a publicId already present is replaced). */
  add(item: T): void {
    const old = this.byId.get(item.publicId);
    if (old) this.remove(old);
    this.byId.set(item.publicId, item);
    const key = typeNameKey(item.name);
    let holders = this.byName.get(key);
    if (!holders) this.byName.set(key, (holders = new Set()));
    holders.add(item.publicId);
    if (item.order > this.maxOrder) this.maxOrder = item.order;
  }

  /** Replaces a type by its new version (same publicId), keeping its place in values(). */
  replace(item: T): void {
    const old = this.byId.get(item.publicId);
    if (!old) return this.add(item);
    this.unname(old);
    if (old.order === this.maxOrder && item.order < old.order) this.maxStale = true;
    this.byId.set(item.publicId, item);
    const key = typeNameKey(item.name);
    let holders = this.byName.get(key);
    if (!holders) this.byName.set(key, (holders = new Set()));
    holders.add(item.publicId);
    if (item.order > this.maxOrder) this.maxOrder = item.order;
  }

  /** Removes a type. */
  remove(item: T): void {
    if (!this.byId.delete(item.publicId)) return;
    this.unname(item);
    if (item.order === this.maxOrder) this.maxStale = true;
  }

  private unname(item: T): void {
    const key = typeNameKey(item.name);
    const holders = this.byName.get(key);
    holders?.delete(item.publicId);
    if (holders?.size === 0) this.byName.delete(key);
  }
}
