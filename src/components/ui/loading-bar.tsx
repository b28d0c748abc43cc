import { useSyncExternalStore } from 'react';
import { callsInFlight, onCallsInFlight } from '../../lib/api/api-client';
import './loading-bar.css';
import { firstScreenTexts } from '../../lib/messages/first-screen';

/** The thin bar across the top of the page while any gateway call is under way. */
export function LoadingBar() {
  const busy = useSyncExternalStore(onCallsInFlight, callsInFlight) > 0;
  return busy ? <div className="loading-bar" role="progressbar" aria-label={firstScreenTexts.loadingBar} /> : null;
}
