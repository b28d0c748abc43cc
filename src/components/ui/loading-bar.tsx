import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import './loading-bar.css';
import { firstScreenTexts } from '../../lib/messages/first-screen';

/** The thin bar across the top of the page while any gateway call is in flight. */
export function LoadingBar() {
  const busy = useIsFetching() + useIsMutating() > 0;
  return busy ? <div className="loading-bar" role="progressbar" aria-label={firstScreenTexts.loadingBar} /> : null;
}
