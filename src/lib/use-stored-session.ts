import { useRef } from 'react';
import { readSession, type StoredSession } from './session-storage';

/**
 * The stored session, for a screen behind a route guard that requires one. Should the session
 * end while the screen is still shown (the guard is about to take it away), the screen keeps
 * the last one rather than render without it.
 */
export function useStoredSession(): StoredSession {
  const current = readSession();
  const last = useRef(current);
  if (current) last.current = current;
  if (!last.current) throw new Error('useStoredSession needs a session guard above it in the route table');
  return last.current;
}
