import { Button, Icon, Menu, MenuDivider, MenuItem, NonIdealState, Popover, Spinner } from "@blueprintjs/core";
import { useState, type DragEvent } from "react";
import { NavLink } from "react-router";
import type { SidePanelControls } from "@portal/core/rules/rights";
import "./typeSidePanel.css";
import { Hint } from "../../shell/controls/Hint";

export interface TypeSidePanelItem {
  readonly publicId: string;
  /** The text shown (a bound group type shows its translation). */
  readonly label: string;
  readonly color?: string | null;
}

export interface TypeSidePanelProps {
  /** Header text, e.g. "Group types". */
  title: string;
  /** The noun for buttons and empty state, e.g. "group type". */
  noun: string;
  /** data-testid prefix: `${testId}-panel`, `${testId}-item`, ... */
  testId: string;
  items: ReadonlyArray<TypeSidePanelItem>;
  /** Where each item links to, e.g. `/groups/${publicId}`. */
  hrefOf: (publicId: string) => string;
  /** Which controls the user's rights show (core's side-panel rule). */
  controls: SidePanelControls;
  /** A reorder is being saved: dragging waits for it. */
  reordering: boolean;
  /** The item whose delete is running. */
  deleting: string | null;
  /** The label of the edit menu item ("Edit" or "Rename"). */
  editLabel?: string;
  onAdd: () => void;
  onEdit: (publicId: string) => void;
  onDelete: (publicId: string) => void;
  onMove: (fromIndex: number, toIndex: number) => void;
}

/**
 * The side panel of the Groups and Assets pages (spec section 2): a header with an add button,
 * the types in order, each a link with a menu (Edit, Move up, Move down, Delete). Items can be
 * dragged to a new place (HTML5 drag events); Move up / Move down in the menu do the same from
 * the keyboard. Controls show only as `controls` allows.
 */
export function TypeSidePanel(props: TypeSidePanelProps) {
  const { items, controls, testId } = props;
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const canDrag = controls.reorder && !props.reordering;
  const hasMenu = controls.edit || controls.delete || controls.reorder;

  const endDrag = () => {
    setDragFrom(null);
    setDragOver(null);
  };
  const onDrop = (e: DragEvent, index: number) => {
    e.preventDefault();
    if (dragFrom !== null && dragFrom !== index) props.onMove(dragFrom, index);
    endDrag();
  };

  return (
    <div className="type-panel" data-testid={`${testId}-panel`}>
      <div className="type-panel-header">
        <h2 className="bp6-heading">{props.title}</h2>
        {props.reordering && <Spinner size={16} aria-label="Saving the order" />}
        {controls.add && (
          <Button icon="plus" variant="minimal" intent="primary" text="Add" aria-label={`Add ${props.noun}`}
            data-testid={`${testId}-add`} onClick={props.onAdd} />
        )}
      </div>
      {items.length === 0 ? (
        <NonIdealState className="type-panel-empty" icon="inbox" title={`No ${props.noun}s yet`}
          description={controls.add ? `Add the first ${props.noun} with Add.` : undefined} />
      ) : (
        <ul className="type-panel-list" aria-label={props.title}>
          {items.map((item, index) => (
            <li key={item.publicId} data-testid={`${testId}-item`} data-public-id={item.publicId}
              className={["type-panel-item", dragFrom === index ? "is-dragging" : "", dragOver === index && dragFrom !== index ? (dragFrom !== null && dragFrom < index ? "drop-below" : "drop-above") : ""].join(" ")}
              draggable={canDrag}
              onDragStart={(e) => {
                setDragFrom(index);
                e.dataTransfer.effectAllowed = "move";
                e.dataTransfer.setData("text/plain", item.publicId);
              }}
              onDragOver={(e) => {
                if (dragFrom === null) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = "move";
                if (dragOver !== index) setDragOver(index);
              }}
              onDrop={(e) => onDrop(e, index)}
              onDragEnd={endDrag}>
              {controls.reorder && <Hint content="Drag to reorder" focusable={false}><Icon icon="drag-handle-vertical" className="type-panel-handle" aria-hidden /></Hint>}
              {controls.color && (
                <span className="type-panel-swatch" data-testid={`${testId}-color`} title={item.color ?? "No colour"}
                  style={{ background: item.color ?? "transparent" }} />
              )}
              <NavLink to={props.hrefOf(item.publicId)} className="type-panel-link" draggable={false}>
                {item.label}
              </NavLink>
              {props.deleting === item.publicId && <Spinner size={14} />}
              {hasMenu && (
                <Popover placement="bottom-end" content={
                  <Menu>
                    {controls.edit && <MenuItem icon="edit" text={props.editLabel ?? "Edit"} onClick={() => props.onEdit(item.publicId)} />}
                    {controls.reorder && (
                      <>
                        <MenuItem icon="arrow-up" text="Move up" disabled={index === 0 || props.reordering} onClick={() => props.onMove(index, index - 1)} />
                        <MenuItem icon="arrow-down" text="Move down" disabled={index === items.length - 1 || props.reordering} onClick={() => props.onMove(index, index + 1)} />
                      </>
                    )}
                    {controls.delete && (
                      <>
                        <MenuDivider />
                        <MenuItem icon="trash" intent="danger" text="Delete" onClick={() => props.onDelete(item.publicId)} />
                      </>
                    )}
                  </Menu>
                }>
                  <Button icon="more" variant="minimal" size="small" aria-label={`Actions for ${item.label}`} data-testid={`${testId}-menu`} />
                </Popover>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
