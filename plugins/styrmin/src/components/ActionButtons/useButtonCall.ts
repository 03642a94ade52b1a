import { useState } from 'react';
import { alertApiRef, useApi } from '@backstage/core-plugin-api';

/** The call of an action that a button takes at once, as {@link useButtonCall} tracks it. */
export interface ButtonCall {
  /** From the click until the answer, so the button cannot start it twice. */
  busy: boolean;
  /** Why the last call failed, until the next one. */
  error?: Error;
  start: () => Promise<void>;
}

/**
 * Makes the call of an action that needs no dialog ("Back up now"): the button stays on
 * the page, ready for the next one, so unlike a dialog's call it is busy only while the
 * call runs. A success is announced with `message(result)`, then goes to `onDone`.
 */
export function useButtonCall<T>(
  call: () => Promise<T>,
  message: (result: T) => string,
  onDone: (result: T) => void,
): ButtonCall {
  const alertApi = useApi(alertApiRef);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await call();
      alertApi.post({
        message: message(result),
        severity: 'success',
        display: 'transient',
      });
      onDone(result);
    } catch (e) {
      setError(e as Error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, start };
}
