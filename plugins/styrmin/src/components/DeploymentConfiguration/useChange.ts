import { StyrminErrorCode } from '@styrmin/plugin-styrmin-common';
import { DeploymentChangeResult, StyrminApiError } from '@styrmin/sdk';
import { useCallback, useState } from 'react';
import { ChangeProblem, problemsOfError } from './fieldProblems';

/** The codes of the rules an input breaks: shown next to the field at fault. */
const FIELD_CODES: ReadonlyArray<StyrminErrorCode> = [
  'VALIDATION_FAILED',
  'COMPONENT_CONTAINER_NOT_DECLARED',
  'SINGLETON_REPLICA_OVERRIDE',
  'RETIRED_PARAMETER_VALUE',
];

/**
 * A change of a deployment in two calls: its dry run (or its plan), whose answer is the
 * review, then the change itself (or the plan applied), after which `onChanged` reloads
 * the deployment. A refused input becomes problems by field; any other failure (CONFLICT
 * among them) is `error`.
 */
export function useChange<TReview = DeploymentChangeResult>(
  onChanged: () => void,
) {
  const [review, setReview] = useState<TReview>();
  const [problems, setProblems] = useState<ChangeProblem[]>([]);
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);

  const reset = useCallback(() => {
    setReview(undefined);
    setProblems([]);
    setError(undefined);
  }, []);

  const run = async <T>(call: () => Promise<T>, then: (result: T) => void) => {
    reset();
    setBusy(true);
    try {
      then(await call());
    } catch (e) {
      if (e instanceof StyrminApiError && FIELD_CODES.includes(e.code)) {
        setProblems(problemsOfError(e));
      } else {
        setError(e as Error);
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    review,
    problems,
    error,
    busy,
    reset,
    /** Runs the dry run; its answer becomes the review. */
    preview: (call: () => Promise<TReview>) => run(call, setReview),
    /** Makes the change, then has the deployment reloaded. */
    apply: (call: () => Promise<DeploymentChangeResult>) =>
      run(call, () => onChanged()),
  };
}
