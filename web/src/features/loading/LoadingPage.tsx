import { FullPageSpinner } from "../../shell/FullPageSpinner";

/** The /loading route: only a spinner, used while another part of the app prepares. */
export default function LoadingPage() {
  return <FullPageSpinner title="Loading" />;
}
