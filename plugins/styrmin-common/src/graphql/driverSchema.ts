/**
 * The part of the SDL about application drivers: reading driver versions and loading them.
 * `styrminGraphQLSchema` includes it. Field names follow GraphQL's camelCase; `spec` is the
 * document as written (snake_case), so tools can compare it with driver.styrmin.yml.
 */
export const driverGraphQLSchema = /* GraphQL */ `
  extend type Query {
    "Every application driver with at least one loaded version, by name. Needs styrmin.driver.read."
    drivers: [Driver!]!
    "One application driver, or null when no version of it is loaded. Needs styrmin.driver.read."
    driver(name: String!): Driver
    "One application driver version, or null when it is not loaded. Needs styrmin.driver.read."
    driverVersion(name: String!, version: String!): DriverVersion
  }

  """
  The entry points for changing.
  """
  type Mutation {
    """
    Loads an application driver version: reads it from its source, validates it as
    styrminctl drivers validate does, and stores it with its content digest and its bundle.
    A loaded version is immutable: loading it again with the same content changes nothing
    (created is false), with other content fails with CONFLICT. A driver with problems fails
    with VALIDATION_FAILED and every problem in extensions.problems (file, path, line,
    column, message); nothing is stored. Needs styrmin.driver.load.
    """
    loadDriver(input: LoadDriverInput!): LoadDriverResult!
  }

  "Any JSON value: parameter defaults, label selectors, JSON Schemas, whole documents."
  scalar JSON

  "Where a driver version was loaded from."
  enum DriverSourceType {
    "A directory on the server's machine, inside one of the server's styrmin.drivers.allowedDirectories."
    DIRECTORY
    "A git repository that the server cloned at a branch, tag or commit."
    GIT
    "The files of a driver directory that a client read and sent; the server validated them again."
    UPLOAD
  }

  """
  What to load. Each source takes its own fields; the others must be left out.
  """
  input LoadDriverInput {
    source: DriverSourceType!
    """
    DIRECTORY: the driver directory on the server's machine, absolute or relative to the
    server's working directory. GIT: the driver directory inside the repository (its root
    when absent). UPLOAD: the directory the client read, as the client names it; recorded
    for people, never read.
    """
    path: String
    """
    GIT: the repository: https://, http://, ssh://, git://, file:// (on the server's
    machine, inside its allowed directories), user@host:path, or an absolute path on the
    server's machine (ditto).
    """
    url: String
    "GIT: the branch, tag or commit to load; the repository's default branch when absent."
    ref: String
    "UPLOAD: the driver version's bundle archive (packDriverBundle of @styrmin/plugin-styrmin-node), base64."
    archive: String
  }

  type LoadDriverResult {
    "The driver version: the one just stored, or the one stored before with the same content."
    driverVersion: DriverVersion!
    "Whether this request stored the version; false when it was loaded before with the same content."
    created: Boolean!
  }

  """
  An application driver: the versioned specification of how Styrmin deploys one application.
  """
  type Driver {
    "The driver's name, a DNS label (metadata.name)."
    name: String!
    "The title of its latest version."
    title: String!
    "Its loaded versions, newest first in semver order."
    versions: [DriverVersion!]!
    "Its newest loaded version in semver order."
    latestVersion: DriverVersion!
  }

  """
  One loaded, immutable revision of an application driver.
  """
  type DriverVersion {
    "The name of the driver."
    name: String!
    "The application driver version (semver)."
    version: String!
    "The title people read (metadata.title), the name when the driver sets none."
    title: String!
    "The application versions this driver version deploys, as a semver range."
    supportedVersions: String!
    info: DriverInfo!
    "The Helm chart that deploys the application (spec.helm.main)."
    chart: HelmChart!
    "The components, in the order the driver declares them."
    components: [DriverComponent!]!
    "The parameters users set on a deployment, in the order the driver declares them."
    parameters: [DriverParameter!]!
    "The JSON Schema (draft 2020-12) of the parameters, for forms and software templates."
    parametersJsonSchema: JSON!
    services: [DriverService!]!
    actions: [DriverAction!]!
    "sha256:<hex> over the files of the bundle; the same content has the same digest wherever it is loaded from."
    digest: String!
    source: DriverSource!
    "The user or service that loaded the version (an entity ref, or the subject of a service token)."
    loadedBy: String!
    "When the version was loaded (ISO 8601)."
    loadedAt: String!
    "The whole driver.styrmin.yml as validated, with the defaults filled in."
    spec: JSON!
  }

  type DriverInfo {
    "The URL of the application logo."
    icon: String
    description: String!
    links: [DriverLink!]!
    authors: [DriverAuthor!]!
    "An SPDX license expression."
    license: String
  }

  type DriverLink {
    title: String!
    url: String!
  }

  type DriverAuthor {
    name: String!
    email: String
    url: String
  }

  type HelmChart {
    source: HelmChartSource!
    "The chart name."
    chart: String!
    "The exact chart version."
    version: String!
    "The values template, relative to the driver directory."
    valuesTemplate: String!
  }

  type HelmChartSource {
    "repository, oci, git or directory."
    type: String!
    "repository, oci and git: where the chart is."
    url: String
    "git: the branch, tag or commit."
    ref: String
    "git: the chart directory in the repository; directory: the chart directory in the driver."
    path: String
  }

  type DriverComponent {
    name: String!
    "The labels (as in matchLabels) of the component's workloads and pods."
    selector: JSON!
    "The component container, which receives the component overrides."
    container: String
    "The driver default replica count."
    replicas: Int
    singleton: Boolean!
  }

  type DriverParameter {
    name: String!
    "string, secret, integer, number, boolean or enum."
    type: String!
    "The label of the field in forms: the title, or the name when the driver sets none."
    title: String!
    description: String!
    required: Boolean!
    "The value when a deployment sets none; never set for a secret."
    default: JSON
    "enum: the values to choose from."
    values: [String!]
    minimum: Float
    maximum: Float
    minLength: Int
    maxLength: Int
    pattern: String
  }

  type DriverService {
    name: String!
    component: String!
    port: Int!
    "The container port: a number or the name of a port; port when absent."
    targetPort: JSON
    "TCP, UDP or SCTP."
    protocol: String!
    "ClusterIP, NodePort or LoadBalancer."
    type: String!
  }

  type DriverAction {
    name: String!
    description: String
    "setup or upgrade."
    hook: String!
    "pre, core or post."
    mode: String!
    function: DriverActionFunction!
    "The components the action acts on."
    components: [String!]!
    "The inputs the action asks for, typed like parameters."
    prompts: [DriverParameter!]!
  }

  type DriverActionFunction {
    "The module, relative to the driver directory."
    module: String!
    "The exported function."
    export: String!
  }

  type DriverSource {
    type: DriverSourceType!
    "DIRECTORY: the directory on the server. GIT: the driver directory in the repository. UPLOAD: the directory as the client named it."
    path: String
    "GIT: the repository URL."
    url: String
    "GIT: the branch, tag or commit asked for; null for the default branch."
    ref: String
    "GIT: the commit that was loaded (full object name)."
    commit: String
  }
`;
