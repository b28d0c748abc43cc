import { useEffect, useRef, useState } from 'react';
import { getLastAccessed, keepAlive } from '../../generated/hooks/session/session';
import { Modal } from '../components/ui/modal';
import { ACTIVITY_THROTTLE_MS, IDLE_WARNING_SECONDS, KEEP_ALIVE_INTERVAL_MS } from '../lib/constants';
import { setTitlePrefix } from '../lib/document-title';
import { signOut } from '../lib/session';
import { readAuthToken } from '../lib/session-storage';
import { sessionTexts } from '../lib/messages/session';

const ACTIVITY_EVENTS = ['click', 'keydown', 'keyup', 'scroll', 'touchstart'] as const;
/**
 * The start of a press: activity, but not what ends the warning. A warning closed as a finger
 * touches down, or as a key goes down, would hand the rest of that press (the tap's click, the
 * key's typing or Enter) to whatever is under the warning; its end (the click, the key's release)
 * closes it, while the warning still takes it.
 */
const PRESS_STARTS: ReadonlySet<string> = new Set(['keydown', 'touchstart']);
/** While the warning shows, the last-accessed time is checked this often for activity elsewhere. */
const WARNING_CHECK_MS = 5000;
/** Seconds left at which the countdown is announced to screen readers (not every second). */
const ANNOUNCE_AT = new Set([30, 20, 10, 5]);

/**
 * How much later than this tab's own keep-alive the gateway may stamp it (the request's way
 * there, a small drift between the device's clock and the gateway's): an access within it is
 * this tab's own.
 */
const OWN_ACCESS_MARGIN_MS = 30_000;

/**
 * Milliseconds since the gateway last saw activity for this session in another tab or app, when
 * it has seen any since `ownAccess` (this tab's last keep-alive, on the device's clock); null when
 * it has not, or does not answer. This tab's own keep-alives move the last-accessed time too, up
 * to 10 minutes after its last activity: they are no activity elsewhere.
 */
async function sinceActivityElsewhere(ownAccess: number): Promise<number | null> {
  try {
    const lastAccessed = await getLastAccessed();
    return lastAccessed > ownAccess + OWN_ACCESS_MARGIN_MS ? Date.now() - lastAccessed : null;
  } catch {
    return null;
  }
}

type Phase = { readonly name: 'active' } | { readonly name: 'warning'; readonly deadline: number };

/**
 * Idle handling while signed in (spec sections 4 and 9). Activity (click, key, scroll, touch;
 * throttled to 500 ms) restarts the idle timer and keeps the gateway session alive at least
 * every 10 minutes. After the idle period the gateway's last-accessed time decides: activity in
 * another tab or app (an access later than this tab's own keep-alive) restarts the timer from it,
 * otherwise a 30-second warning counts down, in the modal and in the page title. Any click or key
 * continues the session (once the press is over); at zero the user is signed out as timed out. Time is read from `performance.now()`, so the countdown is right after a
 * hidden tab's throttled timers or a wall-clock jump.
 */
export function IdleTimeout({ idleSeconds }: { readonly idleSeconds: number }) {
  const idleMs = idleSeconds * 1000;
  const [phase, setPhase] = useState<Phase>({ name: 'active' });
  const [now, setNow] = useState(() => performance.now());
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Starts the idle period (or what is left of it) again; the first effect's, for the warning's check. */
  const restartIdle = useRef<(delayMs: number) => void>(() => undefined);
  /** Ends the warning with one keep-alive, however the user continued (the first effect's). */
  const continueSession = useRef<() => void>(() => undefined);
  const lastActivity = useRef(0);
  const lastKeepAlive = useRef(performance.now());
  /** When this tab last told the gateway it is in use, on the device's clock (the sign-in, then each keep-alive). */
  const ownAccess = useRef(Date.now());

  useEffect(() => {
    let disposed = false;

    const startIdleTimer = (delayMs: number) => {
      clearTimeout(idleTimer.current);
      idleTimer.current = setTimeout(() => void onIdle(), delayMs);
    };
    restartIdle.current = startIdleTimer;

    const sendKeepAlive = () => {
      lastKeepAlive.current = performance.now();
      ownAccess.current = Date.now();
      keepAlive().catch(() => undefined);
    };

    const onIdle = async () => {
      const activityBefore = lastActivity.current;
      const since = await sinceActivityElsewhere(ownAccess.current);
      // Activity while the answer was out restarted the idle period: no warning is due.
      if (disposed || phaseRef.current.name !== 'active' || lastActivity.current !== activityBefore) return;
      if (since !== null && since < idleMs) return startIdleTimer(idleMs - since);
      setPhase({ name: 'warning', deadline: performance.now() + IDLE_WARNING_SECONDS * 1000 });
    };

    // The activity that closes the warning (a click, a key) and the modal's own close (its button,
    // Escape, the backdrop) come together: the first one continues the session, the other finds
    // it continued.
    continueSession.current = () => {
      if (phaseRef.current.name !== 'warning') return;
      phaseRef.current = { name: 'active' };
      setPhase(phaseRef.current);
      sendKeepAlive();
      startIdleTimer(idleMs);
    };

    const onActivity = (event: Event) => {
      if (phaseRef.current.name === 'warning' && PRESS_STARTS.has(event.type)) return;
      const at = performance.now();
      if (at - lastActivity.current < ACTIVITY_THROTTLE_MS) return;
      lastActivity.current = at;
      if (phaseRef.current.name === 'warning') continueSession.current();
      else if (at - lastKeepAlive.current >= KEEP_ALIVE_INTERVAL_MS) sendKeepAlive();
      startIdleTimer(idleMs);
    };

    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    startIdleTimer(idleMs);
    const keepAliveTimer = setInterval(() => {
      // The 10-minute ping goes out only while the user is active.
      if (performance.now() - lastActivity.current < KEEP_ALIVE_INTERVAL_MS) sendKeepAlive();
    }, KEEP_ALIVE_INTERVAL_MS);
    return () => {
      disposed = true;
      clearTimeout(idleTimer.current);
      clearInterval(keepAliveTimer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [idleMs]);

  useEffect(() => {
    if (phase.name !== 'warning') return;
    const tick = () => setNow(performance.now());
    tick();
    const ticker = setInterval(tick, 250);
    const check = setInterval(async () => {
      // Signed out a moment ago (the countdown reached zero): no session left to ask about.
      if (readAuthToken() === null) return;
      const since = await sinceActivityElsewhere(ownAccess.current);
      // No answer is no sign of activity: the countdown goes on.
      // The period starts again from that activity, as when the warning was not due.
      if (since !== null && since < idleMs && phaseRef.current.name === 'warning') {
        setPhase({ name: 'active' });
        restartIdle.current(idleMs - since);
      }
    }, WARNING_CHECK_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(ticker);
      clearInterval(check);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [phase, idleMs]);

  const secondsLeft = phase.name === 'warning' ? Math.max(0, Math.ceil((phase.deadline - now) / 1000)) : null;

  useEffect(() => {
    if (secondsLeft === 0) signOut('timeout');
  }, [secondsLeft]);

  useEffect(() => {
    if (secondsLeft === null) return;
    setTitlePrefix(sessionTexts.secondsLeft({ seconds: secondsLeft }));
    return () => setTitlePrefix(null);
  }, [secondsLeft]);

  if (secondsLeft === null) return null;
  const touch = window.matchMedia?.('(pointer: coarse)').matches ?? false;
  return (
    <Modal
      open
      mode="alert"
      title={sessionTexts.stillThere}
      alertLabel={sessionTexts.continueSession}
      closeOnBackdrop
      onClose={() => continueSession.current()}
    >
      <p>{sessionTexts.loggedOutIn({ seconds: secondsLeft })}</p>
      <p>{touch ? sessionTexts.tapToContinue : sessionTexts.clickToContinue}</p>
      <Announcement text={ANNOUNCE_AT.has(secondsLeft) ? sessionTexts.loggedOutIn({ seconds: secondsLeft }) : ''} />
    </Modal>
  );
}

/**
 * An assertive live region that is there, empty, before its first text (one that appears with
 * its text is often not read): the warning's first '30 seconds' is heard as it opens.
 */
function Announcement({ text }: { readonly text: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <p className="visually-hidden" aria-live="assertive">
      {ready ? text : ''}
    </p>
  );
}
