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

type Call = () => Promise<DeploymentChangeResult>;

/**
 * A change of a deployment in two calls: its dry run, whose answer is the review, then
 * the change itself, after which `onChanged` reloads the deployment. A refused input
 * becomes problems by field; any other failure (CONFLICT among them) is `error`.
 */
export function useChange(onChanged: () => void) {
  const [review, setReview] = useState<DeploymentChangeResult>();
  const [problems, setProblems] = useState<ChangeProblem[]>([]);
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);

  const reset = useCallback(() => {
    setReview(undefined);
    setProblems([]);
    setError(undefined);
  }, []);

  const run = async (
    call: Call,
    then: (result: DeploymentChangeResult) => void,
  ) => {
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
    preview: (call: Call) => run(call, setReview),
    /** Makes the change, then has the deployment reloaded. */
    apply: (call: Call) => run(call, () => onChanged()),
  };
}
