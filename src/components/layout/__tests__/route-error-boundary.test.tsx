import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { takeoverStarts, whenScreenIn } from '../../../lib/hydration';
import { RouteErrorBoundary } from '../route-error-boundary';

function Failing(): never {
  throw new Error('the screen failed');
}

describe('RouteErrorBoundary', () => {
  it("shows the message and a way back for a screen that fails, and that message is the screen the page's takeover waits for", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    takeoverStarts();
    let screenIn = false;
    void whenScreenIn().then(() => (screenIn = true));
    render(
      <RouteErrorBoundary resetKey="/">
        <Failing />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Go to Sign In');
    // Else the language (which waits for the screen) would never change, not even from the switch.
    await waitFor(() => expect(screenIn).toBe(true));
  });
});
