import { DependencyList } from 'react';
import { useStyrminApi } from './useStyrminApi';

/**
 * Every loaded driver, by name, each with its versions, newest first; read again when
 * `deps` change (after a load).
 */
export function useDrivers(deps: DependencyList = []) {
  return useStyrminApi(api => api.getDrivers(), deps);
}
