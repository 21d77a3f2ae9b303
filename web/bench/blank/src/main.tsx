// The baseline of firstLoadBench.mjs: the smallest Vite + React 19 page (one component, createRoot).
import { createRoot } from "react-dom/client";

function Blank() {
  return <h1>Blank Vite + React page</h1>;
}

createRoot(document.getElementById("root")!).render(<Blank />);
