/**
 * The app's button: a real <button> with the looks the pages had from antd-mobile's Button (the only
 * part of that kit the app used; the kit and its helpers cost ~1.7 KiB gzip JS and its global CSS
 * on most routes). Colours come from the theme's variables (app/theme.css). At least 44 px tall.
 * While `loading` it is disabled and aria-busy, and keeps its label (or shows `loadingText`), so its
 * accessible name does not change under a screen reader.
 */
import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  /** 'primary' is the theme colour; 'default' a plain white button. */
  color?: 'default' | 'primary';
  fill?: 'solid' | 'outline' | 'none';
  block?: boolean;
  size?: 'small' | 'middle' | 'large';
  loading?: boolean;
  /** Shown instead of the label while loading. */
  loadingText?: string;
}

export function Button({
  color = 'default',
  fill = 'solid',
  block = false,
  size = 'middle',
  loading = false,
  loadingText,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = [styles.button, color === 'primary' && styles.primary, fill !== 'solid' && styles[fill], size !== 'middle' && styles[size], block && styles.block, className];
  return (
    <button {...rest} type={type} className={classes.filter(Boolean).join(' ')} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
