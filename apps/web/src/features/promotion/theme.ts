/** A template's colours as the CSS variables the landing reads; a colour that is not #rrggbb keeps the landing's own. */
import type { CSSProperties } from 'react';
import type { LandingTemplate } from '@cashloan/contract/promotion';
import { colorVariables } from '../../shared/ui/color-variables.ts';

export function landingStyle(colors: LandingTemplate['colors']): CSSProperties {
  return colorVariables({ '--promo-primary': colors.primary, '--promo-background': colors.background, '--promo-text': colors.text });
}
