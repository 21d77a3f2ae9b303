import { observer } from "mobx-react-lite";
import ApiUnavailablePage from "../features/errors/ApiUnavailablePage";
import ErrorIndexPage from "../features/errors/ErrorIndexPage";

/** A code-split page that cannot be fetched means the server (web and API on one port) is gone. */
const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|Loading chunk/i.test(error.message);

/**
 * The route error page: a page chunk that failed to load shows api-unavailable; any other
 * rendering failure shows the generic 'Whoops…' card instead of a blank screen.
 */
export const RouteErrorPage = observer(function RouteErrorPage({ error }: { error: unknown }) {
  return isChunkLoadError(error) ? <ApiUnavailablePage /> : <ErrorIndexPage />;
});
