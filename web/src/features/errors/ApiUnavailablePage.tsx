import { LightAnchorButton, LightButton } from "../../shell/light";
import { observer } from "mobx-react-lite";
import { useStores } from "../../app/StoreContext";
import { CenteredCard } from "../../shell/CenteredCard";

/** /error/api-unavailable: the status-page link only on the provider's cloud domain (core's rule). */
export default observer(function ApiUnavailablePage() {
  const { connectivity } = useStores();
  const content = connectivity.apiUnavailableContent;
  return (
    <CenteredCard title="API server is unavailable" subtitle={content.subtitle} testId="api-unavailable-page">
      {content.statusPageUrl !== null && (
        <LightAnchorButton href={content.statusPageUrl} target="_blank" rel="noopener noreferrer" intent="primary"
          text="Status page" data-testid="status-page-link" style={{ marginRight: 8 }} />
      )}
      {/* No icon: icons load lazily from the server that is down. */}
      <LightButton text="Try again" onClick={() => connectivity.retry()} />
    </CenteredCard>
  );
});
