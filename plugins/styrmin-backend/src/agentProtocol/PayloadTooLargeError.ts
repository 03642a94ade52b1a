import { CustomErrorBase } from '@backstage/errors';

/**
 * A report that exceeds a bound of the agent protocol (an output tail over 200 lines or
 * 64 KiB, an error over 16 KiB, ...): refused with 413 and nothing recorded.
 *
 * @internal
 */
export class PayloadTooLargeError extends CustomErrorBase {
  name = 'PayloadTooLargeError' as const;
}
