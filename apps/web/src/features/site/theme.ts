/** The configured theme colours as the CSS variables the pages and antd-mobile read. */
import type { CSSProperties } from 'react';
import type { SiteConfig } from '@cashloan/contract/site';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Only #rrggbb values reach the style attribute; anything else keeps the built-in teal theme. */
export function themeStyle(theme: SiteConfig['theme']): CSSProperties {
  const vars: Record<string, string> = {};
  if (HEX.test(theme.primaryColor)) vars['--adm-color-primary'] = theme.primaryColor;
  if (HEX.test(theme.backgroundColor)) vars['--app-page-background'] = theme.backgroundColor;
  if (HEX.test(theme.fontColor)) vars['--adm-color-text'] = theme.fontColor;
  return vars as CSSProperties;
}
