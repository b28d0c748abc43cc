import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInInternalError } from '../../../lib/api/failures';
import { activateLocale } from '../../../lib/i18n/locale';
import { clearNotifications, notify } from '../../../lib/notifications';
import { NotificationArea } from '../notification-area';

afterEach(async () => {
  act(() => clearNotifications());
  await activateLocale('en');
});

describe('NotificationArea', () => {
  it('announces errors in an alert region and successes in a status region', () => {
    render(<NotificationArea />);
    act(() => {
      notify({ type: 'error', title: 'Failed', message: 'Try again' });
      notify({ type: 'success', message: 'Saved' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('FailedTry again');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it("reads the catalogue's texts as it draws: a notification already shown speaks the language changed to", async () => {
    const { rerender } = render(<NotificationArea />);
    act(() => void notify(signInInternalError));
    expect(screen.getByRole('alert')).toHaveTextContent('An internal error has occurred while processing your request');
    await activateLocale('es');
    // The app draws its screens anew on a change of language (src/app/router.tsx).
    rerender(<NotificationArea />);
    expect(screen.getByRole('alert')).toHaveTextContent('Ocurrió un error interno al procesar su solicitud');
    expect(screen.getByRole('alert')).not.toHaveTextContent('An internal error');
  });

  it('renders a message as text, and an HTML message only once sanitised', async () => {
    render(<NotificationArea />);
    act(() => {
      notify({ type: 'warning', message: '<b>not bold</b>' });
      notify({ type: 'warning', messageHtml: 'Call <a href="tel:8005550100">us</a><img src=x onerror="window.__hacked=1">' });
    });
    expect(screen.getByText('<b>not bold</b>')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'us' });
    expect(link).toHaveAttribute('href', 'tel:8005550100');
    expect(document.querySelector('img')).toBeNull();
  });

  it("keeps links to the brand's hosts and shows links to any other host as text", async () => {
    render(<NotificationArea allowedHosts={['www.example-partner.com']} />);
    act(() => {
      notify({
        type: 'info',
        messageHtml:
          'See <a href="https://www.example-partner.com/help" target="_blank">help</a>, ' +
          '<a href="https://evil.example/login" target="_blank">sign in again</a> or ' +
          '<a href="mailto:a@b.com?bcc=evil@evil.example">write</a>.',
      });
    });
    const help = await screen.findByRole('link', { name: 'help' });
    expect(help).toHaveAttribute('href', 'https://www.example-partner.com/help');
    expect(help).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('status')).toHaveTextContent('See help, sign in again or write.');
    expect(screen.getAllByRole('link')).toEqual([help]);
  });

  it('lets the user dismiss a dismissable notification, and runs its call to action', async () => {
    const onClick = vi.fn();
    render(<NotificationArea />);
    act(() => {
      notify({ type: 'info', message: 'Session timed out', isDismissable: true, cta: { text: 'Reload', onClick } });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onClick).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(screen.queryByText('Session timed out')).not.toBeInTheDocument());
  });

  it('dismissed by keyboard, leaves the focus on the page, not on nothing', async () => {
    render(
      <>
        <NotificationArea />
        <main id="main-content" tabIndex={-1} />
      </>,
    );
    act(() => {
      notify({ type: 'info', message: 'Saved', isDismissable: true });
    });
    screen.getByRole('button', { name: 'Dismiss notification' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('offers no dismiss button for a non-dismissable notification', () => {
    render(<NotificationArea />);
    act(() => {
      notify({ type: 'error', message: 'Unable to update phone' });
    });
    expect(screen.queryByRole('button', { name: 'Dismiss notification' })).not.toBeInTheDocument();
  });
});
