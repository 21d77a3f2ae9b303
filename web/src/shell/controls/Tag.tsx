// eslint-disable-next-line no-restricted-imports -- the one place that wraps Blueprint's Tag
import { Tag as BlueprintTag, type TagProps } from "@blueprintjs/core";

/**
 * Blueprint's Tag, with its label cut by CSS alone. Blueprint's own (its Text with ellipsize)
 * measures the label after every render to give a cut one a title: a list of rows with tags
 * forced the browser to lay out the page inside React's commit, once per commit (the Devices
 * list's "My access" tags on every start). `multiline` turns the measuring off; the ellipsis
 * rule of app.css (.portal-tag) keeps the one-line look. A tag that needs its full text on hover passes
 * `htmlTitle`.
 */
export function Tag(props: TagProps) {
  return <BlueprintTag multiline {...props} className={props.className ? `portal-tag ${props.className}` : "portal-tag"} />;
}

