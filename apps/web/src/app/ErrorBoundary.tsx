import { Component, type ReactNode } from 'react';
import { Button } from '../shared/ui/Button.tsx';
import { Notice } from '../shared/ui/Notice.tsx';
import { dropEarlyInput } from './early-input.ts';

/** Catches a page that failed to render (or whose code failed to load) and offers a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    // A server-rendered page whose code failed never replays what was kept before it ran; the
    // keeping would go on, and swallow the tap on Reload.
    dropEarlyInput();
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" style={{ padding: '48px 16px', textAlign: 'center' }}>
        <Notice title="Something went wrong" description="Please reload the page." />
        <Button color="primary" style={{ minWidth: 120, marginTop: 16 }} onClick={() => location.reload()}>
          Reload
        </Button>
      </div>
    );
  }
}
