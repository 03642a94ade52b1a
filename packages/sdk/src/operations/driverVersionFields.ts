import { DriverSpec } from '@styrmin/plugin-styrmin-common';

/**
 * Where an application driver version was loaded from.
 *
 * @public
 */
export interface DriverSource {
  /** DIRECTORY (on the server), GIT (cloned by the server) or UPLOAD (sent by a client). */
  type: 'DIRECTORY' | 'GIT' | 'UPLOAD';
  /** The directory on the server, the driver directory in the repository, or the directory the client named. */
  path: string | null;
  /** GIT: the repository URL. */
  url: string | null;
  /** GIT: the branch, tag or commit asked for; null for the default branch. */
  ref: string | null;
  /** GIT: the commit that was loaded. */
  commit: string | null;
}

/**
 * A parameter (or an action's prompt) of a driver version.
 *
 * @public
 */
export interface DriverVersionParameter {
  name: string;
  /** string, secret, integer, number, boolean or enum. */
  type: string;
  title: string;
  description: string;
  required: boolean;
  /** Never set for a secret. */
  default: unknown;
  values: string[] | null;
  minimum: number | null;
  maximum: number | null;
  minLength: number | null;
  maxLength: number | null;
  pattern: string | null;
}

/**
 * A component of a driver version.
 *
 * @public
 */
export interface DriverVersionComponent {
  name: string;
  selector: Record<string, string>;
  container: string | null;
  replicas: number | null;
  singleton: boolean;
}

/**
 * A service a driver version declares.
 *
 * @public
 */
export interface DriverVersionService {
  name: string;
  component: string;
  port: number;
  /** A port number or a port name; null for `port`. */
  targetPort: number | string | null;
  protocol: string;
  type: string;
}

/**
 * An action a driver version declares.
 *
 * @public
 */
export interface DriverVersionAction {
  name: string;
  description: string | null;
  hook: string;
  mode: string;
  function: { module: string; export: string };
  components: string[];
  prompts: DriverVersionParameter[];
}

/**
 * One loaded, immutable application driver version: the `DriverVersion` type of the API.
 *
 * @public
 */
export interface DriverVersion {
  name: string;
  version: string;
  title: string;
  supportedVersions: string;
  info: {
    icon: string | null;
    description: string;
    links: Array<{ title: string; url: string }>;
    authors: Array<{ name: string; email: string | null; url: string | null }>;
    license: string | null;
  };
  chart: {
    source: {
      type: string;
      url: string | null;
      ref: string | null;
      path: string | null;
    };
    chart: string;
    version: string;
    valuesTemplate: string;
  };
  components: DriverVersionComponent[];
  parameters: DriverVersionParameter[];
  /** The JSON Schema of the parameters, for forms. */
  parametersJsonSchema: Record<string, unknown>;
  services: DriverVersionService[];
  actions: DriverVersionAction[];
  /** `sha256:<hex>` over the files of the version. */
  digest: string;
  source: DriverSource;
  loadedBy: string;
  loadedAt: string;
  /** driver.styrmin.yml as the server validated it, defaults filled in. */
  spec: DriverSpec;
}

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
