/**
 * Saves a Blob as a download in the browser: an object URL on a temporary link, clicked, then
 * revoked. Outside a browser (tests, server rendering) it does nothing.
 */
export function saveFileInBrowser(fileName: string, file: Blob): void {
  if (typeof document === "undefined" || typeof URL.createObjectURL !== "function") return;
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; freeing it later lets slow browsers read it first.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
