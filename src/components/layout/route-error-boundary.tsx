import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageHeading } from '../ui/page-heading';
import { Card } from './card';
import { Page } from './page';
import { HydrationDone } from '../../lib/hydration';
import { firstScreenTexts } from '../../lib/messages/first-screen';

interface State {
  readonly failed: boolean;
}

/**
 * Catches a screen that fails to render (or to load its code), so the page never goes white:
 * the frame stays, with a message and a way back. Reset by changing `resetKey` (the route).
 */
export class RouteErrorBoundary extends Component<{ readonly resetKey: string; readonly children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(previous: { readonly resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Kept for developers; the user sees the message below.
    console.warn('A screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Page>
        <Card role="alert">
          <PageHeading>{firstScreenTexts.screenFailedHeading}</PageHeading>
          <p>{firstScreenTexts.screenFailed}</p>
          <p>
            <a href="#/">{firstScreenTexts.goToSignIn}</a>
          </p>
        </Card>
        <HydrationDone />
      </Page>
    );
  }
}
