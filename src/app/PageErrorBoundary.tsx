import { Component, type ReactNode } from 'react';
import type { InterfaceWords } from '../shared/languages';

type Props = { children: ReactNode; resetKey: string; words: InterfaceWords['shell'] };

/** When a page's code cannot be downloaded (a dropped mobile connection), say so and offer a retry. */
export class PageErrorBoundary extends Component<Props, { failed: boolean; resetKey: string }> {
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
        <h1>{this.props.words.loadFailedHeading}</h1>
        <p>{this.props.words.loadFailedText}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {this.props.words.tryAgain}
        </button>
      </div>
    );
  }
}
