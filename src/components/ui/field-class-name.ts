/** How wide a field's input may grow: the card's width, or 12rem for a short value (a code). */
export type FieldWidth = 'full' | 'short';

/** The classes of a field's outer box: its width and whether it holds an error. */
export function fieldClassName(width: FieldWidth = 'full', invalid = false): string {
  return `field${width === 'short' ? ' field--short' : ''}${invalid ? ' field--invalid' : ''}`;
}
