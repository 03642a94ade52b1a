import { DriverSpec } from '@styrmin/plugin-styrmin-common';
import { DriverVersionFieldsFragment } from './generated/operationTypes';
import { WithJsonFields } from './WithJsonFields';

/**
 * Where an application driver version was loaded from: `type` DIRECTORY (on the server),
 * GIT (cloned by the server) or UPLOAD (sent by a client); `path` the directory on the
 * server, the driver directory in the repository, or the directory the client named; for
 * GIT, `url` the repository, `ref` the branch, tag or commit asked for (null for the
 * default branch) and `commit` the commit that was loaded.
 *
 * @public
 */
export type DriverSource = DriverVersionFieldsFragment['source'];

/**
 * A parameter (or an action's prompt) of a driver version. `type` is string, secret,
 * integer, number, boolean or enum; `default` is never set for a secret.
 *
 * @public
 */
export type DriverVersionParameter =
  DriverVersionFieldsFragment['parameters'][number];

/**
 * A component of a driver version.
 *
 * @public
 */
export type DriverVersionComponent = WithJsonFields<
  DriverVersionFieldsFragment['components'][number],
  { selector: Record<string, string> }
>;

/**
 * A service a driver version declares. `targetPort` is a port number or a port name; null
 * for `port`.
 *
 * @public
 */
export type DriverVersionService = WithJsonFields<
  DriverVersionFieldsFragment['services'][number],
  { targetPort: number | string | null }
>;

/**
 * An action a driver version declares.
 *
 * @public
 */
export type DriverVersionAction =
  DriverVersionFieldsFragment['actions'][number];

/**
 * One loaded, immutable application driver version: the `DriverVersion` type of the API.
 * `parametersJsonSchema` is the JSON Schema of the parameters, for forms; `digest` is
 * `sha256:<hex>` over the files of the version; `spec` is driver.styrmin.yml as the
 * server validated it, defaults filled in.
 *
 * @public
 */
export type DriverVersion = WithJsonFields<
  DriverVersionFieldsFragment,
  {
    components: DriverVersionComponent[];
    parametersJsonSchema: Record<string, unknown>;
    services: DriverVersionService[];
    spec: DriverSpec;
  }
>;

const PARAMETER_FIELDS = /* GraphQL */ `
  name
  type
  title
  description
  required
  default
  values
  minimum
  maximum
  minLength
  maxLength
  pattern
`;

/** The fields of a {@link DriverVersionAction}, wherever the API answers one. */
export const DRIVER_ACTION_FIELDS = /* GraphQL */ `
  name
  description
  hook
  mode
  function {
    module
    export
  }
  components
  prompts {
    ${PARAMETER_FIELDS}
  }
`;

/**
 * Every field of `DriverVersion`, as the fragment `DriverVersionFields` that the driver
 * operations spread, so that they all return the same {@link DriverVersion}.
 */
export const driverVersionFragment = /* GraphQL */ `
  fragment DriverVersionFields on DriverVersion {
    name
    version
    title
    supportedVersions
    info {
      icon
      description
      links {
        title
        url
      }
      authors {
        name
        email
        url
      }
      license
    }
    chart {
      source {
        type
        url
        ref
        path
      }
      chart
      version
      valuesTemplate
    }
    components {
      name
      selector
      container
      replicas
      singleton
    }
    parameters {
      ${PARAMETER_FIELDS}
    }
    parametersJsonSchema
    services {
      name
      component
      port
      targetPort
      protocol
      type
    }
    actions {
      ${DRIVER_ACTION_FIELDS}
    }
    digest
    source {
      type
      path
      url
      ref
      commit
    }
    loadedBy
    loadedAt
    spec
  }
`;
