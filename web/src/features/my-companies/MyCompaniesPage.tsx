import { Button, Callout, Intent, Menu, MenuItem } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { useStores } from "../../app/StoreContext";
import { CenteredCard } from "../../shell/CenteredCard";
import { MyInvites } from "./MyInvites";

/** Lists the user's companies; choosing one makes it the selected company (Api-Company). */
export default observer(function MyCompaniesPage() {
  const { session } = useStores();
  useEffect(() => {
    void session.loadCompaniesUnlessRecent();
  }, [session]);

  if (!session.isSignedIn) return <Navigate to="/login" replace />;

  return (
    <CenteredCard title="My companies" subtitle="Choose the company to work in." testId="my-companies-page">
      {session.companiesError !== null && <Callout intent={Intent.DANGER}>{session.companiesError}</Callout>}
      <Menu>
        {session.companies.map((c) => (
          <MenuItem key={c.publicId} text={c.name} data-testid="company-item"
            active={c.publicId === session.selectedCompanyId}
            labelElement={c.publicId === session.selectedCompanyId ? "selected" : undefined}
            onClick={() => void session.selectCompany(c.publicId)} />
        ))}
      </Menu>
      <MyInvites />
      <Button variant="minimal" fill style={{ marginTop: 8 }} text="Log out" onClick={() => session.navigate("/logout")} />
    </CenteredCard>
  );
});
