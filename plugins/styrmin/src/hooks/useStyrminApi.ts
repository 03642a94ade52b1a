import { DependencyList } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import useAsync from 'react-use/esm/useAsync';
import { StyrminApi, styrminApiRef } from '../api';

/**
 * Calls the {@link StyrminApi} when the component mounts and again when `deps` change, and
 * tracks the call as `loading`, then `value` or `error`.
 */
export function useStyrminApi<T>(
  f: (api: StyrminApi) => Promise<T>,
  deps: DependencyList = [],
) {
  const styrminApi = useApi(styrminApiRef);
  // `f` is left out of the dependencies on purpose: callers pass an inline function, and
  // re-running on every render would loop.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useAsync(() => f(styrminApi), [styrminApi, ...deps]);
}
