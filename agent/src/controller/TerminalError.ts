/**
 * An error that no retry can fix, such as an invalid spec (controller-runtime's
 * reconcile.TerminalError): the controller logs it and drops the key until the object
 * changes again.
 *
 * @public
 */
export class TerminalError extends Error {
  name = 'TerminalError' as const;
}
