import { useStyrminApi } from './useStyrminApi';

/**
 * One driver with its versions, newest first; `value` is undefined when no version of the
 * driver is loaded.
 */
export function useDriver(name: string) {
  return useStyrminApi(api => api.getDriver(name), [name]);
}
