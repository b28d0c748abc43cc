import { i18n, type MessageDescriptor } from '@lingui/core';
import type { ReactNode } from 'react';
import { messages as firstScreenEnglish } from '../../locales/en/first-screen.po';

// The page speaks English until its language is chosen; the first screen's English comes with
// the first screen (a module may read a text as it loads, so this runs before any is read).
if (!i18n.locale) i18n.loadAndActivate({ locale: 'en', messages: firstScreenEnglish });

type Entry = MessageDescriptor | ((...values: never[]) => MessageDescriptor | ReactNode);
type Texts<T> = {
  readonly [K in keyof T]: T[K] extends (...values: infer V) => infer R
    ? (...values: V) => R extends MessageDescriptor ? string : R
    : string;
};

function isDescriptor(value: unknown): value is MessageDescriptor {
  return typeof value === 'object' && value !== null && 'id' in value && !('$$typeof' in value);
}

/**
 * A module of the message catalogue: its messages (Lingui's `msg` macro, English as the spec
 * words it) read in the language of the page each time they are read, so a screen drawn after a
 * change of language speaks it. A function of named values gives the message with them; one
 * that gives React nodes (a text around a link) uses Lingui's `Trans` itself.
 */
export function catalogue<T extends Record<string, Entry>>(entries: T): Texts<T> {
  const texts: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(entries)) {
    if (typeof entry === 'function')
      texts[key] = (...values: never[]) => {
        const message = entry(...values);
        return isDescriptor(message) ? i18n._(message) : message;
      };
    else Object.defineProperty(texts, key, { enumerable: true, get: () => i18n._(entry) });
  }
  return texts as Texts<T>;
}
