/** The configured theme colours as the CSS variables the pages and shared/ui/Button read. */
import type { CSSProperties } from 'react';
import type { SiteConfig } from '@cashloan/contract/site';
import { colorVariables } from '../../shared/ui/color-variables.ts';

/** A colour that is not #rrggbb keeps the built-in teal theme's. */
export function themeStyle(theme: SiteConfig['theme']): CSSProperties {
  return colorVariables({ '--adm-color-primary': theme.primaryColor, '--app-page-background': theme.backgroundColor, '--adm-color-text': theme.fontColor });
}
