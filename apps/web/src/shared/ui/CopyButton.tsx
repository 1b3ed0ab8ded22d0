/** A button that copies a text (a pay code) and confirms with the spec's 'copy success' toast. */
import type { CSSProperties, ReactNode } from 'react';
import { Button } from './Button.tsx';
import { copyText } from './clipboard.ts';
import { showFailure, showSuccess } from './toast.ts';

export const COPY_SUCCESS_MESSAGE = 'copy success';
export const COPY_FAILED_MESSAGE = 'Could not copy. Please press and hold the code to copy it.';

export interface CopyButtonProps {
  /** What is copied. */
  text: string;
  /** The label (default 'Copy'). */
  children?: ReactNode;
  /** 'button' is a small primary button (shared/ui/Button); 'link' is a text button that reads like a link ('Click to Copy'). */
  variant?: 'button' | 'link';
  /** Accessible name when the label alone would not say what is copied. */
  'aria-label'?: string;
  className?: string;
  style?: CSSProperties;
  /** Called after the copy, with whether it worked. */
  onCopied?: (ok: boolean) => void;
}

export function CopyButton({ text, children = 'Copy', variant = 'button', className, style, onCopied, ...rest }: CopyButtonProps) {
  const copy = async () => {
    const ok = await copyText(text);
    if (ok) showSuccess(COPY_SUCCESS_MESSAGE);
    else showFailure(COPY_FAILED_MESSAGE);
    onCopied?.(ok);
  };
  if (variant === 'link') {
    return (
      <button
        type="button"
        className={className}
        aria-label={rest['aria-label']}
        onClick={() => void copy()}
        style={{
          background: 'none',
          border: 'none',
          padding: '8px 4px',
          minHeight: 44,
          color: 'var(--adm-color-primary)',
          textDecoration: 'underline',
          font: 'inherit',
          cursor: 'pointer',
          ...style,
        }}
      >
        {children}
      </button>
    );
  }
  return (
    <Button
      color="primary"
      size="small"
      className={className}
      aria-label={rest['aria-label']}
      onClick={() => void copy()}
      style={{ minHeight: 44, ...style }}
    >
      {children}
    </Button>
  );
}
