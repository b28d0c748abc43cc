import { z } from 'zod';
import type { MfaOption } from '../../../generated/models/mfaOption';

/**
 * The choice of one of the user's code methods (the gateway's list, getMfaOptions), made by its
 * place in the list: it gives the method itself, and refuses no choice or a place the list
 * does not have.
 */
export function methodChoiceSchema(methods: readonly MfaOption[]) {
  return z.object({ choice: z.string().nullable() }).transform(({ choice }, context) => {
    const method = methods.find((_, index) => String(index) === choice);
    if (method) return { method };
    context.addIssue({ code: 'custom', path: ['choice'], input: choice });
    return z.NEVER;
  });
}

export type MethodChoiceInput = z.input<ReturnType<typeof methodChoiceSchema>>;
export type MethodChoiceValues = z.output<ReturnType<typeof methodChoiceSchema>>;
