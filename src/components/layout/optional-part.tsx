import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * A part of a screen the screen works without (the passkey button, the idle handling), whose
 * code loads on its own: if it fails to load or to render (a network that went away, a new
 * deployment that removed the old files), it is left out and the rest of the screen stays as
 * it is, what the user typed included, rather than the whole screen giving way to an error.
 */
export class OptionalPart extends Component<{ readonly name: string; readonly children: ReactNode }, { readonly failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Kept for developers; the user goes on without it.
    console.warn(`${this.props.name} failed to load or to render and is left out`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
