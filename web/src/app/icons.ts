/**
 * Blueprint icons, loaded one by one as screens use them (issue "first load"): Blueprint's
 * default loader fetches the whole 16 px set and the whole 20 px set (about 100 kB gzip) as soon
 * as one icon of each size shows. Here each icon the app names is its own small chunk, in the
 * one size it is drawn at; nothing else of the icon sets is bundled.
 *
 * This module (the two tables of ~115 chunk loaders) is itself loaded with the first icon drawn
 * (iconLoader.ts), not with the entry.
 *
 * A new icon name in the code must be added to both lists below: test/icons.test.ts scans the
 * sources and fails on a name that is missing, so an icon never silently stays blank.
 */
import type { IconName, IconPaths } from "@blueprintjs/icons";

type PathsModule = { readonly default: IconPaths };

// Literal globs (Vite needs them literal): the 16 px paths of every icon the app names...
const PATHS_16 = import.meta.glob<PathsModule>(
  "../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/{add,applications,arrow-down,arrow-left,arrow-right,arrow-up,bold,build,caret-down,chevron-down,chevron-up,code-block,cog,confirm,cross,cube,dashboard,database,desktop,disable,document,download,drag-handle-vertical,duplicate,edit,endorsed,envelope,error,exchange,export,eye-off,eye-open,filter,group-objects,header,header-two,history,home,id-number,import,inbox,info-sign,italic,key,link,list,lock,log-out,media,menu,mobile-phone,more,new-person,notifications,numbered-list,office,offline,page-layout,people,plus,properties,redo,refresh,search,send-message,share,shield,star,swap-horizontal,tag,tick,tick-circle,time,timeline-bar-chart,timeline-line-chart,translate,trash,undo,upload,user,warning-sign,widget,widget-footer,wrench}.js",
);
// ...and the 20 px paths of those drawn large (NonIdealState, Alert and dialog header icons).
const PATHS_20 = import.meta.glob<PathsModule>(
  "../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/{applications,build,code-block,confirm,cube,database,desktop,error,group-objects,history,id-number,inbox,key,link,lock,media,mobile-phone,new-person,page-layout,people,search,shield,tag,time,translate,trash,upload,warning-sign,widget}.js",
);

const fileOf = (name: string, size: 16 | 20) => `../../node_modules/@blueprintjs/icons/lib/esm/generated/${size}px/paths/${name}.js`;

/** The icon names the app bundles, per size (read by the test). */
export const BUNDLED_ICONS = {
  16: Object.keys(PATHS_16).map((k) => k.replace(/^.*\/([^/]+)\.js$/, "$1")),
  20: Object.keys(PATHS_20).map((k) => k.replace(/^.*\/([^/]+)\.js$/, "$1")),
} as const;

/**
 * Loads one icon's paths: the size asked for when bundled, else the other size (Blueprint scales
 * the SVG), else nothing (a blank icon rather than a whole icon set).
 */
export async function loadIcon(name: IconName, size: number): Promise<IconPaths> {
  const wanted: 16 | 20 = size >= 20 ? 20 : 16;
  const load = (wanted === 20 ? PATHS_20 : PATHS_16)[fileOf(name, wanted)] ?? (wanted === 20 ? PATHS_16 : PATHS_20)[fileOf(name, wanted === 20 ? 16 : 20)];
  return load === undefined ? [] : (await load()).default;
}
