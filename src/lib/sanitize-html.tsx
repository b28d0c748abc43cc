import createDOMPurify, { type DOMPurify } from 'dompurify';
import { mailtoHref, telHref } from './contact-links';

/**
 * The only producer of HTML for the DOM. Notification messages may be HTML (the spec says so);
 * they pass through DOMPurify with an allow-list: a few text-formatting tags, and links to the
 * portal itself or the brand's hosts (https), or to one valid email address or phone number
 * (mailto, tel, rebuilt by the contact-link builders). Any other link keeps its text and loses
 * its address. Links that open a new window get `rel="noopener noreferrer"`.
 *
 * Load this module lazily (`import()`), never with the first screen: it brings DOMPurify.
 */

/** Per call: which hosts an https link may point to, besides the portal's own. */
export interface SanitizeOptions {
  readonly allowedHosts?: readonly string[];
}

const ALLOWED_TAGS = ['a', 'b', 'strong', 'i', 'em', 'u', 'p', 'br', 'ul', 'ol', 'li', 'span'];
// rel is not taken from the message: the sanitiser sets it where it keeps target="_blank".
const ALLOWED_ATTR = ['href'];
// DOMPurify strips `target` even when allow-listed; it must be added explicitly.
const ADD_ATTR = ['target'];

/** The hosts the current call allows; read by the hook during the (synchronous) sanitize call. */
let currentHosts: ReadonlySet<string> = new Set();
let purifier: DOMPurify | null = null;

/**
 * The address a link may keep, rebuilt from its parts, or null. https only to an allowed host
 * and without user-info (`https://brand@evil.example` tricks a reader); mailto and tel only
 * when the contact-link builders accept them (no `?bcc=`, no second address, digits only).
 */
function allowedHref(value: string): string | null {
  if (/^mailto:/i.test(value)) return mailtoHref(value.slice('mailto:'.length));
  if (/^tel:/i.test(value)) {
    const [phone, extension, ...rest] = value.slice('tel:'.length).split(',');
    return rest.length === 0 ? telHref(phone, extension) : null;
  }
  let url: URL;
  try {
    // No base: a relative or protocol-relative address is not a link a message may carry.
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return null;
  return currentHosts.has(url.host) ? url.href : null;
}

/**
 * A DOMPurify bound to a window whose documents report nothing to the page's CSP. DOMPurify
 * parses the message with that window's DOMParser. In Chromium, any document tied to the live
 * page (DOMParser, `createHTMLDocument`, `<template>`, `Document.parseHTMLUnsafe`, even the
 * Sanitizer API) reports every event-handler attribute (`<img onerror>`), style attribute,
 * `<style>` and `<base>` it parses as a CSP violation, though nothing runs: 56 reports for the
 * 107 hostile messages of the end-to-end test. An attached sandboxed frame still reports the
 * styles. The window of a sandboxed frame detached again at once parses the same way, with the
 * same output, and has no page to report to: 0 reports. Where a browser cannot use such a
 * window, the live window is the (noisy but equally safe) fallback.
 */
function createPurifier(): DOMPurify {
  const frame = document.createElement('iframe');
  // Scripting stays off in the frame even while it is attached for this one moment.
  frame.setAttribute('sandbox', 'allow-same-origin');
  frame.hidden = true;
  let inert: DOMPurify | null = null;
  try {
    document.documentElement.append(frame);
    if (frame.contentWindow) inert = createDOMPurify(frame.contentWindow as Window & typeof globalThis);
  } finally {
    frame.remove();
  }
  const purify = inert && works(inert) ? inert : createDOMPurify(window);
  // On every element, not only <a>: an address or a new window never survives unchecked.
  purify.addHook('afterSanitizeAttributes', (node) => {
    const href = node.getAttribute('href');
    const safe = href === null ? null : allowedHref(href);
    if (safe) node.setAttribute('href', safe);
    else node.removeAttribute('href');
    if (safe && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    else node.removeAttribute('target');
  });
  return purify;
}

/** Whether a DOMPurify parses and cleans at all (a detached window may refuse in some browsers). */
function works(purify: DOMPurify): boolean {
  try {
    return purify.isSupported && purify.sanitize('<b onclick=x>x</b>') === '<b>x</b>';
  } catch {
    return false;
  }
}

/**
 * Cleans HTML for the DOM. An https link survives only to the portal's own host or one of
 * `allowedHosts`; mailto and tel links only with a valid address or number.
 */
export function sanitizeHtml(html: string, { allowedHosts = [] }: SanitizeOptions = {}): string {
  purifier ??= createPurifier();
  // DOMPurify returns its input unchanged where it cannot work: show nothing as markup then.
  if (!purifier.isSupported) return html.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  currentHosts = new Set([window.location.host, ...allowedHosts]);
  try {
    return purifier.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ADD_ATTR, RETURN_TRUSTED_TYPE: false });
  } finally {
    currentHosts = new Set();
  }
}

/**
 * Renders HTML from the gateway or configuration, cleaned by {@link sanitizeHtml}. No hooks:
 * cleaning a notification-sized message on each render is cheap, and a plain function lets the
 * end-to-end test call this very export from the built chunk to feed hostile messages through it.
 */
export function SanitizedHtml({ html, allowedHosts = [] }: { readonly html: string; readonly allowedHosts?: readonly string[] }) {
  return <span dangerouslySetInnerHTML={{ __html: sanitizeHtml(html, { allowedHosts }) }} />;
}
