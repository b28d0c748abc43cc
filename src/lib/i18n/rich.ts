import { i18n, type MessageDescriptor } from '@lingui/core';
import { TransNoContext } from '@lingui/react/server';
import { createElement, type ReactElement, type ReactNode } from 'react';

/**
 * A message with pieces of the page inside it (a link, emphasis): its numbered tags wrap their
 * text in the matching element (`<0>partners page</0>`) or stand for it (`<1/>`), so a
 * translation can move the pieces where its language puts them.
 */
export function rich(message: MessageDescriptor, components: Record<string, ReactElement> = {}): ReactNode {
  return createElement(TransNoContext, {
    id: message.id,
    ...(message.message === undefined ? {} : { message: message.message }),
    ...(message.values === undefined ? {} : { values: message.values }),
    components,
    lingui: { i18n },
  });
}
