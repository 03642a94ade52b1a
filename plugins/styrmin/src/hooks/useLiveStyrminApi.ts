import { DependencyList } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import { styrminSignalChannel } from '@styrmin/plugin-styrmin-common';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { StyrminApi, styrminApiRef } from '../api';
import { useLiveRefresh } from './useLiveRefresh';

/**
 * Like `useStyrminApi`, and reads again whenever what `channel` names changes (see
 * `useLiveRefresh`); a function of the value read names the channels of what it holds
 * (an environment's id, known once it is read). A read again keeps the last `value` while it runs, so a page that
 * updates itself never flickers back to its progress bar; `retry` reads again at once.
 */
export function useLiveStyrminApi<T>(
  channel: string | ((value: T | undefined) => string | string[] | undefined),
  f: (api: StyrminApi) => Promise<T>,
  deps: DependencyList = [],
) {
  const styrminApi = useApi(styrminApiRef);
  // As in useStyrminApi: `f` is an inline function, left out on purpose.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const state = useAsyncRetry(() => f(styrminApi), [styrminApi, ...deps]);
  useLiveRefresh(
    typeof channel === 'function' ? channel(state.value) : channel,
    state.retry,
  );
  return state;
}

/** The channel on which the backend announces the changes of a deployment. */
export function deploymentChannel(deploymentId: string): string {
  return styrminSignalChannel({ record: 'deployment', id: deploymentId });
}
