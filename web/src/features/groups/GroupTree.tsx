import { Icon } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { GroupNode } from "@portal/core/rules/groupTree";
import type { GroupItem } from "../../stores/GroupStore";

export interface GroupTreeProps {
  nodes: ReadonlyArray<GroupNode<GroupItem>>;
  selectedId: string | null;
  /** The group type's colour, shown beside every group (groups take their type's colour). */
  color: string | null;
  onSelect: (publicId: string) => void;
}

/**
 * The groups of a type as a tree: subgroups nested under their parent, each a button (Tab moves
 * between them, Enter or Space selects), siblings by name.
 */
export const GroupTree = observer(function GroupTree({ nodes, selectedId, color, onSelect }: GroupTreeProps) {
  const render = (list: ReadonlyArray<GroupNode<GroupItem>>, depth: number) => (
    <ul className="group-tree-list" role={depth === 0 ? "tree" : "group"} aria-label={depth === 0 ? "Groups" : undefined}>
      {list.map((n) => (
        <li key={n.group.publicId} role="treeitem" aria-selected={n.group.publicId === selectedId} aria-expanded={n.children.length > 0 ? true : undefined}>
          <button type="button" className={`group-tree-item${n.group.publicId === selectedId ? " is-selected" : ""}`}
            style={{ paddingLeft: 8 + depth * 20 }} onClick={() => onSelect(n.group.publicId)} data-testid={`group-${n.group.name}`}>
            {color ? <span className="type-panel-swatch" style={{ background: color }} /> : <Icon icon="people" size={12} />}
            <span className="group-tree-name">{n.group.name}</span>
            {n.children.length > 0 && <span className="group-tree-count">{n.children.length}</span>}
          </button>
          {n.children.length > 0 && render(n.children, depth + 1)}
        </li>
      ))}
    </ul>
  );
  return render(nodes, 0);
});
