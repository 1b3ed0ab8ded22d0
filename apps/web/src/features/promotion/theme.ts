/** A template's colours as the CSS variables the landing reads; only #rrggbb values reach the style attribute. */
import type { CSSProperties } from 'react';
import type { LandingTemplate } from '@cashloan/contract/promotion';

const HEX = /^#[0-9a-fA-F]{6}$/;

export function landingStyle(colors: LandingTemplate['colors']): CSSProperties {
  const vars: Record<string, string> = {};
  if (HEX.test(colors.primary)) vars['--promo-primary'] = colors.primary;
  if (HEX.test(colors.background)) vars['--promo-background'] = colors.background;
  if (HEX.test(colors.text)) vars['--promo-text'] = colors.text;
  return vars as CSSProperties;
}
