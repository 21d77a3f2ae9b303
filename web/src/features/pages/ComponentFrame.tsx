/**
 * One component in the editor: a frame with its kind as the drag handle, Remove, and its
 * rendered body (the move buttons are in the settings panel of the selected component). Focused, the arrow keys move it one cell
 * (the keyboard alternative to dragging); Delete removes it.
 */
import { Button, Icon, type IconName } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { KeyboardEvent } from "react";
import { kindSpec, type PageComponent } from "@portal/core/domain/PageComponent";
import type { PageEditorStore } from "../../stores/PageEditorStore";
import { ComponentView, type ComponentContext } from "./ComponentView";
import { Hint } from "../../shell/controls/Hint";

const KEY_MOVES: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
};

export const ComponentFrame = observer(function ComponentFrame({ editor, component: c, ctx }: { editor: PageEditorStore; component: PageComponent; ctx: ComponentContext }) {
  const spec = kindSpec(c.kind);
  const label = spec?.label ?? c.kind;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const move = KEY_MOVES[e.key];
    if (move) {
      e.preventDefault();
      editor.move(c.id, move[0], move[1]);
    } else if (e.key === "Delete") {
      e.preventDefault();
      editor.remove(c.id);
    }
  };
  const selected = editor.selected === c.id;
  return (
    <div className={`pc-frame${selected ? " pc-selected" : ""}`} tabIndex={0} role="group" data-testid="pc-frame" data-kind={c.kind}
      aria-label={`${label} at column ${c.x + 1}, row ${c.y + 1}. Arrow keys move it, Delete removes it.`}
      onKeyDown={onKeyDown} onFocus={() => editor.select(c.id)} onClick={() => editor.select(c.id)}>
      <div className="pc-head">
        <Hint content="Drag to move"><span className="pc-handle"><Icon icon={(spec?.icon ?? "widget") as IconName} size={12} /> {label}</span></Hint>
        <Button size="small" variant="minimal" icon="cross" aria-label={`Remove ${label}`} onClick={() => editor.remove(c.id)} className="pc-remove" />
      </div>
      <div className="pc-body"><ComponentView component={c} ctx={ctx} /></div>
    </div>
  );
});
