/**
 * Colours the server configures, as CSS variables for a style attribute. Only #rrggbb values get
 * there; any other value is left out, so the stylesheet's own colour stays.
 */
import type { CSSProperties } from 'react';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** `variables`: CSS variable name → the configured colour. */
export function colorVariables(variables: Record<string, string>): CSSProperties {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(variables)) if (HEX.test(value)) kept[name] = value;
  return kept as CSSProperties;
}
