import type { ShownText } from './i18n/shown-text';
import { createStore } from './store';

export type NotificationType = 'success' | 'warning' | 'error' | 'info';

/** What a screen sends to the notification area (the spec's Notification entity). */
export interface NotificationInput {
  /** Defaults to `warning`. */
  readonly type?: NotificationType;
  readonly title?: ShownText;
  /** Plain text, rendered as text. */
  readonly message?: ShownText;
  /** HTML from the gateway or configuration, rendered only through the sanitiser. */
  readonly messageHtml?: string;
  /** Defaults to false: the user cannot dismiss it. */
  readonly isDismissable?: boolean;
  /** Closes itself after this many milliseconds. */
  readonly dismissOnTimeout?: number;
  /** Replaces every notification currently shown. */
  readonly isUnique?: boolean;
  readonly cta?: { readonly text: ShownText; readonly onClick: () => void };
}

export interface ShownNotification extends NotificationInput {
  readonly id: number;
  readonly type: NotificationType;
}

const store = createStore<readonly ShownNotification[]>([]);
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function stopTimer(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

/** Removes one notification. */
export function dismissNotification(id: number): void {
  stopTimer(id);
  store.set(store.get().filter((item) => item.id !== id));
}

/** Removes every notification. */
export function clearNotifications(): void {
  for (const id of timers.keys()) stopTimer(id);
  store.set([]);
}

/**
 * Shows a notification: a unique one replaces the list, a normal one is appended, and
 * null clears the list (the spec's "sending an empty value").
 */
export function notify(input: NotificationInput | null): number | null {
  if (input === null) {
    clearNotifications();
    return null;
  }
  if (input.isUnique) clearNotifications();
  const item: ShownNotification = { ...input, id: nextId++, type: input.type ?? 'warning' };
  store.set([...store.get(), item]);
  if (input.dismissOnTimeout !== undefined && input.dismissOnTimeout > 0) {
    timers.set(
      item.id,
      setTimeout(() => dismissNotification(item.id), input.dismissOnTimeout),
    );
  }
  return item.id;
}

/** The notifications shown, oldest first. */
export const useNotifications = store.use;
