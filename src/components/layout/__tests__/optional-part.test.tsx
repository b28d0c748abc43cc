import { render, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OptionalPart } from '../optional-part';

describe('OptionalPart', () => {
  it('shows its part as it is', () => {
    render(
      <OptionalPart name="A part">
        <p>the part</p>
      </OptionalPart>,
    );
    expect(screen.getByText('the part')).toBeInTheDocument();
  });

  it('leaves out a part whose code cannot load, and nothing else, saying so to developers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Lost = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <main>
        <input aria-label="Username" defaultValue="jane" />
        <OptionalPart name="The passkey sign-in">
          <Suspense fallback={<p>loading</p>}>
            <Lost />
          </Suspense>
        </OptionalPart>
      </main>,
    );
    await waitFor(() => expect(screen.queryByText('loading')).not.toBeInTheDocument());
    expect(screen.getByRole('main').childElementCount).toBe(1);
    expect(screen.getByLabelText('Username')).toHaveValue('jane');
    expect(warn).toHaveBeenCalledWith(
      'The passkey sign-in failed to load or to render and is left out',
      expect.any(TypeError),
      expect.any(String),
    );
  });
});
