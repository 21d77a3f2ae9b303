import { Button, Menu, MenuDivider, MenuItem, Popover } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useStores } from "../app/StoreContext";
import { Hint } from "./controls/Hint";

/**
 * The company context in the top bar: the selected company's name, and with several companies a
 * menu to switch to another one (or open the full list on my-companies). Always visible, so the
 * person knows whose data they change.
 */
export const CompanySwitcher = observer(function CompanySwitcher() {
  const { session } = useStores();
  const navigate = useNavigate();
  useEffect(() => {
    if (!session.companiesLoaded) void session.loadCompanies();
  }, [session, session.companiesLoaded]);
  const name = session.selectedCompanyName ?? "";
  const others = session.companies.filter((c) => c.publicId !== session.selectedCompanyId);
  if (session.companiesLoaded && others.length === 0) {
    return <Hint content={`Company: ${name}`}><span className="company-name" data-testid="company-switch">{name}</span></Hint>;
  }
  return (
    <Popover placement="bottom-start" content={
      <Menu aria-label="Switch company">
        <MenuDivider title="Switch company" />
        {others.map((c) => (
          <MenuItem key={c.publicId} text={c.name} icon="office" data-testid="company-switch-item"
            onClick={() => void session.selectCompany(c.publicId)} />
        ))}
        <MenuDivider />
        <MenuItem text="All my companies" icon="list" onClick={() => navigate("/my-companies")} />
      </Menu>
    }>
      <Button variant="minimal" icon="office" endIcon="caret-down" className="company-switch" data-testid="company-switch"
        aria-label={`Company: ${name}. Switch company`} text={<span className="company-name">{name}</span>} />
    </Popover>
  );
});
