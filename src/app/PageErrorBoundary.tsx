import { Component, type ReactNode } from 'react';

/** When a page's code cannot be downloaded (a dropped mobile connection), say so and offer a retry. */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; resetKey: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="container block" role="alert">
        <h1>This page could not be loaded</h1>
        <p>Your connection may have dropped. Check it and try again.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    );
  }
}
