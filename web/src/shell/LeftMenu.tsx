import { Classes, Menu, MenuDivider, MenuItem, type MenuItemProps } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { isExternalMenuItem } from "@portal/core/rules/menuItems";
import { useLocation, useNavigate } from "react-router";
import { menuSections } from "@portal/core/rules/rights";
import { SCREEN_VIEW as ITEM_VIEW } from "../app/screenLabels";
import { BUILT_SCREENS } from "../app/screens";
import { useStore, useStores } from "../app/StoreContext";
import { MenuItemsStore } from "../stores/MenuItemsStore";

/**
 * A menu item whose label is cut by CSS alone. Blueprint's default (its Text with ellipsize)
 * measures every label after it renders, to give cut ones a title: in the frame's first commit
 * those reads forced a style recalculation of 46 ms (unthrottled; four times that on Lighthouse's
 * phone). `multiline` turns the measuring off; the ellipsis class keeps the one-line look. Labels
 * a company writes may be long, so they carry their text as a title.
 */
const Item = (props: MenuItemProps & { readonly "data-testid"?: string; readonly href?: string; readonly target?: string; readonly rel?: string }) => (
  <MenuItem multiline textClassName={Classes.TEXT_OVERFLOW_ELLIPSIS} {...props} />
);

const SECTION_TITLE: Record<string, string> = {
  DEVICES: "Devices",
  USER_MANAGEMENT: "User management",
  COMPANY: "Company",
  DEVICE_SETTINGS: "Device settings",
};

/**
 * The left menu: USER_MANAGEMENT, COMPANY, DEVICE_SETTINGS and DEVICES, each item only with its
 * right and only when its screen is built; a section with no such item is not shown (core's menuSections).
 * Platform administrators get a Platform section with the administrator-only tools (issue 12).
 * Below them, the company's own menu items (issue 12, Identity screen), in their order: a link
 * leaving the portal opens in a new tab.
 */
export const LeftMenu = observer(function LeftMenu() {
  const { session } = useStores();
  const menuItems = useStore(MenuItemsStore);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const company = session.selectedCompanyId;
  useEffect(() => {
    if (company !== null) void menuItems.load();
  }, [menuItems, company]);
  return (
    <Menu data-testid="left-menu">
      {menuSections(session.rights, BUILT_SCREENS).map((section) => (
        <div key={section.id} data-testid={`menu-section-${section.id}`}>
          <MenuDivider title={SECTION_TITLE[section.id] ?? section.id} />
          {section.items.map((route) => (
            <Item key={route} icon={ITEM_VIEW[route].icon} text={ITEM_VIEW[route].label}
              data-testid={`menu-item-${route}`}
              active={pathname === `/${route}` || pathname.startsWith(`/${route}/`)}
              href={`/${route}`}
              onClick={(e: React.MouseEvent) => { e.preventDefault(); navigate(`/${route}`); }} />
          ))}
        </div>
      ))}
      {session.user?.platformAdmin === true && (
        <div data-testid="menu-section-PLATFORM">
          <MenuDivider title="Platform" />
          <Item icon="wrench" text="Platform tools" data-testid="menu-item-platform-tools" href="/platform-tools"
            active={pathname === "/platform-tools"} onClick={(e: React.MouseEvent) => { e.preventDefault(); navigate("/platform-tools"); }} />
        </div>
      )}
      {menuItems.items.length > 0 && (
        <div data-testid="menu-section-LINKS">
          <MenuDivider title="Links" />
          {menuItems.items.map((item) => {
            const external = isExternalMenuItem(item.url);
            return (
              <Item key={item.publicId} icon={external ? "share" : "link"} text={item.label} htmlTitle={item.label} href={item.url} data-testid="menu-link"
                {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {
                  onClick: (e: React.MouseEvent) => { e.preventDefault(); navigate(item.url); },
                })} />
            );
          })}
        </div>
      )}
    </Menu>
  );
});
