import { useState } from 'react';

/** The call an action's dialog makes, as {@link useActionCall} tracks it. */
export interface ActionCall {
  /** True from the click until the call fails; after a success the dialog closes. */
  busy: boolean;
  /** Why the last try failed, until the next try or `dismiss()`. */
  error?: Error;
  submit: () => Promise<void>;
  /** Forgets the failure, once the user has changed what it was about. */
  dismiss: () => void;
}

/**
 * Makes an action's call when the user confirms it: its answer goes to `onDone`, its
 * failure stays in the dialog so that the user can correct the input and try again.
 */
export function useActionCall<T>(
  call: () => Promise<T>,
  onDone: (result: T) => void,
): ActionCall {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onDone(await call());
    } catch (e) {
      setError(e as Error);
      setBusy(false);
    }
  };
  return { busy, error, submit, dismiss: () => setError(undefined) };
}
