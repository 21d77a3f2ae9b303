import { Button, Menu, MenuItem, Popover } from "@blueprintjs/core";
import type { VpnClientReleaseFeed, VpnPlatform } from "@portal/core/domain/VpnClient";
import { releaseDownloadUrl } from "@portal/core/rules/vpnSession";
import { SUPPORTED_VPN_PLATFORMS } from "@portal/core/constants";

const PLATFORM_LABEL: Readonly<Record<VpnPlatform, string>> = { windows: "Windows", mac: "macOS", linux: "Linux" };

/** The portal's own download of the client (a single .mjs file run with Node), offered when the feed lists nothing. */
export const CLIENT_DOWNLOAD_URL = "/api/vpn-client/download";

export interface DownloadMenuProps {
  /** The release feed; null while not loaded (or failed): the portal's download is offered alone. */
  feed: VpnClientReleaseFeed | null;
  text?: string;
}

/** 'Download installer' with one item per platform the release feed lists, each at its latest version. */
export function DownloadMenu({ feed, text = "Download installer" }: DownloadMenuProps) {
  const releases = SUPPORTED_VPN_PLATFORMS.flatMap((os) => {
    const release = feed?.releases[os];
    return release === undefined ? [] : [release];
  });
  return (
    <Popover placement="bottom-start" content={
      <Menu aria-label="Download installer" data-testid="vpn-download-menu">
        {releases.map((r) => (
          <MenuItem key={r.os} icon="download" text={`${PLATFORM_LABEL[r.os]} (${r.latestVersion})`} href={releaseDownloadUrl(r)}
            download data-testid={`vpn-download-${r.os}`} />
        ))}
        {releases.length === 0 && <MenuItem icon="download" text="VPN client (Node.js)" href={CLIENT_DOWNLOAD_URL} download data-testid="vpn-download-portal" />}
      </Menu>
    }>
      <Button icon="download" endIcon="caret-down" text={text} data-testid="vpn-download" />
    </Popover>
  );
}
