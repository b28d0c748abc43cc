import type { BusinessFailure } from '../../../generated/models/businessFailure';

/**
 * The payload of a gateway answer a hook or fetcher returned. The contract types every answer
 * that carries a payload as the payload in `data` or a business failure (a non-empty `errors`
 * list, which may come with HTTP 200); the API client checks the answer against its schema and
 * throws an ApiError on the failure, so what reaches a caller always holds `data`.
 *
 * @throws {TypeError} when given a business failure, which the API client never returns.
 */
export function answerData<T>(answer: { readonly data: T } | BusinessFailure): T {
  if ('data' in answer) return answer.data;
  throw new TypeError('A business failure has no data: the API client throws on it before any caller sees it.');
}
