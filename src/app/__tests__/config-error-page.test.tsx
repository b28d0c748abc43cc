import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfigErrorPage } from '../config-error-page';

describe('ConfigErrorPage', () => {
  it('says that sign in is not available and names each bad key, in an alert', () => {
    render(
      <ConfigErrorPage
        problems={[
          { key: 'captchaSiteKey', message: 'required' },
          { key: 'surveyUrl', message: 'does not match ^https://' },
        ]}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: 'Sign in is not available' })).toBeInTheDocument();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['captchaSiteKey: required', 'surveyUrl: does not match ^https://']);
    expect(screen.getByRole('main')).toContainElement(alert);
  });

  it('names the whole configuration when the page has none', () => {
    render(<ConfigErrorPage problems={[{ key: '', message: 'the page has no configuration' }]} />);
    expect(screen.getByRole('listitem')).toHaveTextContent('the configuration: the page has no configuration');
  });
});
