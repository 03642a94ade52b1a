import { readDriverVersions } from './readDriverVersions';
import { useStyrminApi } from './useStyrminApi';

/**
 * One driver with each of its versions in full, newest first; `value` is undefined when
 * no version of the driver is loaded.
 */
export function useDriver(name: string) {
  return useStyrminApi(
    async api => {
      const driver = await api.getDriver(name);
      if (!driver) {
        return undefined;
      }
      const versions = await readDriverVersions(
        api,
        name,
        driver.versions.map(v => v.version),
      );
      return { driver, versions };
    },
    [name],
  );
}
