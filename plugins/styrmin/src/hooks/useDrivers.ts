import { useStyrminApi } from './useStyrminApi';

/** Every loaded driver, by name, each with its versions, newest first. */
export function useDrivers() {
  return useStyrminApi(api => api.getDrivers());
}
