import { NonIdealState, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { useStores } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { PlatformToolsStore } from "../../stores/PlatformToolsStore";
import { BackupCodesSection, CouponsSection } from "./CouponsSection";
import { BundlesSection } from "./BundlesSection";
import { CompaniesSection, DemoDevicesSection } from "./ExpirySections";
import { PlatformServersSection } from "./PlatformServersSection";
import "./platformTools.css";

/**
 * /platform-tools: the administrator-only tools of spec 2 (issue 12), for platform administrators
 * only (the server refuses everyone else; the menu shows the item to them alone): trial companies,
 * platform servers (issue 13), licence bundles of every company, coupons, demo device expiry and
 * backup codes.
 */
export const PlatformToolsPage = observer(function PlatformToolsPage() {
  const root = useStores();
  const [store] = useState(() => new PlatformToolsStore(root));
  useEffect(() => { void store.load(); }, [store]);
  return (
    <div className="platform-tools" data-testid="platform-tools-page">
      <ScreenHeader title="Platform tools" />
      <p className="bp6-text-muted">Tools for platform administrators: they act across every company. Dates are whole days in UTC.</p>
      {store.state === "failed" ? (
        <NonIdealState icon="lock" title="These tools are not available" description="Only platform administrators can use them, and the list could not be loaded." />
      ) : store.state !== "ready" ? <Spinner size={32} /> : (
        <>
          <CompaniesSection store={store} />
          <PlatformServersSection companies={store.companies} />
          <BundlesSection store={store} />
          <CouponsSection store={store} />
          <DemoDevicesSection store={store} />
          <BackupCodesSection store={store} />
        </>
      )}
    </div>
  );
});

export default PlatformToolsPage;
