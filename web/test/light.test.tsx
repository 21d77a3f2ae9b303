import { AnchorButton, Button, Callout, FormGroup, InputGroup, Spinner } from "@blueprintjs/core";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LightAnchorButton, LightButton, LightCallout, LightField, LightSpinner } from "../src/shell/light";

/** Each element's tag and classes, in document order: what Blueprint's stylesheet sees. */
function shape(element: ReactElement): string[] {
  const host = document.createElement("div");
  host.innerHTML = renderToStaticMarkup(element);
  return [...host.querySelectorAll("*")].map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].sort().join(".")}`);
}

describe("light.tsx draws what Blueprint's components draw", () => {
  const noop = () => undefined;
  it.each([
    ["button", <LightButton text="Try again" />, <Button text="Try again" />],
    ["primary fill disabled", <LightButton text="Sign in" intent="primary" fill disabled />, <Button text="Sign in" intent="primary" fill disabled />],
    ["loading", <LightButton text="Sign in" intent="primary" loading />, <Button text="Sign in" intent="primary" loading />],
    ["anchor", <LightAnchorButton text="Status page" intent="primary" href="/x" />, <AnchorButton text="Status page" intent="primary" href="/x" />],
    ["danger callout", <LightCallout intent="danger">No</LightCallout>, <Callout intent="danger">No</Callout>],
    ["compact warning callout", <LightCallout intent="warning" compact>Off</LightCallout>, <Callout intent="warning" compact>Off</Callout>],
    ["spinner", <LightSpinner />, <Spinner />],
  ])("%s", (_name, light, blueprint) => {
    expect(shape(light)).toEqual(shape(blueprint));
  });

  it("a field: the label names its input", () => {
    const light = shape(<LightField label="Email" id="e" value="" onValueChange={noop} />);
    const blueprint = shape(<FormGroup label="Email" labelFor="e"><InputGroup id="e" value="" onValueChange={noop} /></FormGroup>);
    // Blueprint adds an empty muted span for the optional label info.
    expect(light).toEqual(blueprint.filter((s) => s !== "span.bp6-text-muted"));
    const host = document.createElement("div");
    host.innerHTML = renderToStaticMarkup(<LightField label="Email" id="e" value="" onValueChange={noop} />);
    expect(host.querySelector("label")?.htmlFor).toBe("e");
  });
});
