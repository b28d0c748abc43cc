import { useSyncExternalStore } from 'react';
import { callsInFlight, onCallsInFlight } from '../../../gateway-client/api-client';
import './loading-bar.css';
import { firstScreenTexts } from '../../lib/messages/first-screen';

/** The prerendered page (src/prerender.tsx) was drawn with no call under way. */
const noCalls = () => 0;

/** The thin bar across the top of the page while any gateway call is under way. */
export function LoadingBar() {
  const busy = useSyncExternalStore(onCallsInFlight, callsInFlight, noCalls) > 0;
  return busy ? <div className="loading-bar" role="progressbar" aria-label={firstScreenTexts.loadingBar} /> : null;
}
