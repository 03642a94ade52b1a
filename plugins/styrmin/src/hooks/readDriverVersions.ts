import type { DriverVersion } from '@styrmin/sdk';
import { StyrminApi } from '../api';

/**
 * Reads the named versions of a driver in full, in parallel, in the order given; a version
 * that is gone by now is left out.
 *
 * The driver lists of the SDK (`drivers`, `driver`) carry only a summary of each version
 * (version, digest, source type, loaded by and at), while the driver pages also show each
 * version's supported application versions and the latest version's icon and
 * description. The GraphQL `Driver` type has those fields; once the SDK's summary selects
 * them, the pages read them from the list and this goes.
 */
export async function readDriverVersions(
  api: StyrminApi,
  name: string,
  versions: string[],
): Promise<DriverVersion[]> {
  const read = await Promise.all(
    versions.map(version => api.getDriverVersion({ name, version })),
  );
  return read.filter((v): v is DriverVersion => v !== undefined);
}
