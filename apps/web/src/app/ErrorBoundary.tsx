import { Component, type ReactNode } from 'react';
import { Notice } from '../shared/ui/Notice.tsx';

/** Catches a page that failed to render (or whose code failed to load) and offers a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" style={{ padding: '48px 16px', textAlign: 'center' }}>
        <Notice title="Something went wrong" description="Please reload the page." />
        {/* A plain button: the shell stays free of the UI kit. */}
        <button
          type="button"
          style={{ minHeight: 44, minWidth: 120, marginTop: 16, border: 0, borderRadius: 8, font: 'inherit', color: '#fff', background: 'var(--adm-color-primary)' }}
          onClick={() => location.reload()}
        >
          Reload
        </button>
      </div>
    );
  }
}
