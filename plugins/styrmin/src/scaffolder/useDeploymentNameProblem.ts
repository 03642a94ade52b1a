import { useState } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import useDebounce from 'react-use/esm/useDebounce';
import { styrminApiRef } from '../api';
import {
  deploymentNameRule,
  deploymentNameTaken,
} from './deploymentNameProblem';

/** How long typing pauses before the name's availability is asked. */
const AVAILABILITY_DELAY_MS = 300;

/**
 * What is wrong with a deployment name as you type: the record-name rules at once, and,
 * once typing pauses, whether the environment has a deployment of that name. An answer
 * about a name or environment since changed is not shown.
 */
export function useDeploymentNameProblem(
  environment: string | undefined,
  name: string,
): { problem?: string; checking: boolean } {
  const api = useApi(styrminApiRef);
  const rule = name ? deploymentNameRule(name) : undefined;
  const key = `${environment}\n${name}`;
  const [answer, setAnswer] = useState<{ key: string; problem?: string }>();
  useDebounce(
    () => {
      if (environment && name && !rule) {
        deploymentNameTaken(api, environment, name).then(problem =>
          setAnswer({ key, problem }),
        );
      }
    },
    AVAILABILITY_DELAY_MS,
    [api, environment, name, rule],
  );
  const current = answer?.key === key ? answer : undefined;
  return {
    problem: rule ?? current?.problem,
    checking: Boolean(environment && name && !rule && !current),
  };
}
