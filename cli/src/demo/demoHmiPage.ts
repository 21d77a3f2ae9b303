/**
 * The demo HMI's page, style and script as three files, so that the page can be served with a
 * strict Content-Security-Policy (no inline script or style: 'self' only). The script polls
 * /values.json once a second and writes the numbers into the page.
 */

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page for the device `name` (escaped). */
export const hmiHtml = (name: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo HMI</title>
<link rel="stylesheet" href="/hmi.css">
<script src="/hmi.js" defer></script>
</head>
<body>
<header><h1>Demo HMI</h1><p class="device">${escapeHtml(name)}</p><p class="state" id="state">Running</p></header>
<main>
  <section class="tile"><h2>Temperature</h2><p><span id="temperature">–</span> <small>°C</small></p></section>
  <section class="tile"><h2>Pressure</h2><p><span id="pressure">–</span> <small>bar</small></p></section>
  <section class="tile"><h2>Motor speed</h2><p><span id="speed">–</span> <small>rpm</small></p></section>
  <section class="tile"><h2>Parts made</h2><p><span id="count">–</span></p></section>
</main>
<footer>Values refresh every second from <code>/values.json</code>.</footer>
</body>
</html>
`;

export const HMI_CSS = `:root { color-scheme: dark; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; background: #10161d; color: #e6edf3; display: flex; flex-direction: column; }
header { padding: 20px 28px; background: #18222d; border-bottom: 3px solid #2f81f7; display: flex; align-items: baseline; gap: 20px; flex-wrap: wrap; }
h1 { margin: 0; font-size: 22px; letter-spacing: .04em; }
.device { margin: 0; color: #9fb1c2; }
.state { margin: 0 0 0 auto; padding: 4px 12px; border-radius: 12px; background: #1f6f3f; font-weight: 600; }
.state.stale { background: #8a5a00; }
main { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 18px; padding: 28px; }
.tile { background: #18222d; border-radius: 10px; padding: 18px 22px; box-shadow: 0 1px 3px #0006; }
.tile h2 { margin: 0 0 8px; font-size: 13px; text-transform: uppercase; color: #9fb1c2; letter-spacing: .08em; }
.tile p { margin: 0; font-size: 40px; font-variant-numeric: tabular-nums; }
.tile small { font-size: 16px; color: #9fb1c2; }
footer { margin-top: auto; padding: 12px 28px; color: #6e8193; font-size: 13px; }
`;

export const HMI_JS = `"use strict";
const show = (id, text) => { document.getElementById(id).textContent = text; };
async function refresh() {
  const state = document.getElementById("state");
  try {
    const v = await (await fetch("/values.json", { cache: "no-store" })).json();
    show("temperature", v.temperatureC.toFixed(1));
    show("pressure", v.pressureBar.toFixed(2));
    show("speed", String(v.speedRpm));
    show("count", String(v.partsMade));
    state.textContent = "Running";
    state.className = "state";
  } catch {
    state.textContent = "No data";
    state.className = "state stale";
  }
}
refresh();
setInterval(refresh, 1000);
`;
