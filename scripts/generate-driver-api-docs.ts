/*
 * Writes docs/driver-api.md, the Driver API reference, from the zod schemas of
 * driver.styrmin.yml (plugins/styrmin-common/src/driver), the declarations and doc comments
 * of the action primitives (agent/src/actions/ActionPrimitives.ts) and the rules below.
 *
 *   node -r @backstage/cli/config/nodeTransform.cjs scripts/generate-driver-api-docs.ts
 *   node -r @backstage/cli/config/nodeTransform.cjs scripts/generate-driver-api-docs.ts --check
 *
 * With --check it writes nothing and exits 1 when docs/driver-api.md is not what it would
 * write, so that CI catches a schema or primitive change without its reference. A primitive
 * without a doc comment fails either way. `--primitives <file>` reads the primitives from
 * another module (the agent's tests use it on fixtures).
 */
import {
  driverSpecFields,
  DriverSpecField,
} from '@styrmin/plugin-styrmin-common';
import { join } from 'node:path';
import {
  ACTION_PRIMITIVES_MODULE,
  actionPrimitivesReference,
} from './actionPrimitivesReference';
import { writeGeneratedDocument } from './generatedDocument';

const OUTPUT = join(__dirname, '..', 'docs', 'driver-api.md');

/** The sections of the reference, in order; each takes the fields under its prefixes. */
const SECTIONS: Array<{ title: string; prefixes: string[]; intro: string }> = [
  {
    title: 'apiVersion, kind, metadata',
    prefixes: ['apiVersion', 'kind', 'metadata'],
    intro:
      'What the document is, and which application driver it is a version of.',
  },
  {
    title: 'spec, spec.version, spec.supported_versions',
    prefixes: ['spec', 'spec.version', 'spec.supported_versions'],
    intro:
      'The application driver version, and the application versions it deploys. Ranges use the syntax of the npm `semver` package.',
  },
  {
    title: 'spec.info',
    prefixes: ['spec.info'],
    intro: 'What the driver pages show.',
  },
  {
    title: 'spec.helm',
    prefixes: ['spec.helm'],
    intro:
      'The chart and where it comes from. A chart in a directory of the driver is part of the driver version; the other sources are read by the agent when it deploys.',
  },
  {
    title: 'spec.components',
    prefixes: ['spec.components'],
    intro:
      "The components, by name. Styrmin applies the overrides users set on a deployment after the chart renders: env vars, the image override, command and args to the component container; the replica override to every Deployment and StatefulSet the selector matches. The replica count is, in order of precedence, the replica override, the driver default (`replicas`, or 1 for a singleton), the chart's count.",
  },
  {
    title: 'spec.parameters',
    prefixes: ['spec.parameters'],
    intro:
      "The parameters, by name; `type` says which fields apply. When a deployment changes to a driver version that no longer declares a parameter, Styrmin drops the parameter's value if it equals the parameter's default in the current driver version, and otherwise carries it over to what the new version's `spec.retired_parameters` says replaces it, or without a replacement refuses the change (`RETIRED_PARAMETER_VALUE`).",
  },
  {
    title: 'spec.retired_parameters',
    prefixes: ['spec.retired_parameters'],
    intro:
      "What replaces the parameters that an earlier driver version declared and this one no longer does. Upgrading to this version, a value other than the parameter's default goes to its replacement (the upgrade's review lists it under carriedOverParameters), where the replacement's own rules check it; a change that sets the replacement itself, or removes the parameter with a merge patch of `null`, drops the value.",
  },
  {
    title: 'spec.services',
    prefixes: ['spec.services'],
    intro: 'The network endpoints, each created as a Kubernetes Service.',
  },
  {
    title: 'spec.actions',
    prefixes: ['spec.actions'],
    intro:
      'The actions, each a function the driver runs at a hook and mode. `prompts` are typed like `spec.parameters`.',
  },
];

const RULES = `## Rules across fields

Loading a driver version (\`styrminctl drivers load\`, \`styrminctl drivers validate\`)
reports every problem at once, each with its file, the path of the field and its line and
column. Besides the types above:

- Unknown fields are errors, at every level.
- A parameter's (or prompt's) \`default\` obeys its own type, \`minimum\`/\`maximum\`,
  \`min_length\`/\`max_length\`, \`pattern\` and \`values\`; a lower bound is not above its
  upper bound; a \`pattern\` is a valid regular expression; \`values\` has no duplicates.
- A singleton component has no \`replicas\` above 1.
- A retired parameter (\`spec.retired_parameters\`) is not declared in \`spec.parameters\`, and the
  component that replaces it is declared.
- Names are unique: component and parameter names as keys of their maps, service and action
  names within their lists.
- \`spec.services[].component\` and \`spec.actions[].components[]\` name declared components.
- Paths (\`values_template\`, a chart \`directory\`, action modules) are relative to
  driver.styrmin.yml and stay inside the driver: no \`..\`, no absolute path, no symbolic
  link that points outside. Each file is at most 1 MiB and a driver version's files at
  most 10 MiB by default.
- The values template compiles; each action's module exists and has the export named
  (checked by reading the module, never by running it), and the modules it imports from
  the driver exist.
- A chart in a directory has a Chart.yaml whose \`name\` and \`version\` equal
  \`spec.helm.main.chart\` and \`spec.helm.main.version\`.

A driver version's content digest is sha256 over driver.styrmin.yml, the values template,
the action modules with the modules they import and the chart directory. Loading a version
again with the same digest changes nothing; with another digest it is refused
(\`CONFLICT\`). Where drivers are loaded from (a directory, git, files a client sends) and
who may load them: [Loading application drivers](loading-drivers.md).

## Values templates

\`spec.helm.main.values_template\` is a [nunjucks](https://mozilla.github.io/nunjucks/)
template that renders the chart values from the context of an instance. It sees the context
and nunjucks' built-in filters and globals, nothing else: no file can be included,
imported or extended, and names that lead out of the context (\`constructor\`,
\`__proto__\`, \`prototype\`, ...) cannot be read. Autoescaping is off. Outputting an
undefined variable is an error that names the template line; use \`default\` or
\`is defined\` for optional values, and \`dump\` to write a string as one quoted YAML scalar.
Regular expressions (\`r/.../\` literals, and the string methods \`match\`, \`matchAll\` and
\`search\`, which compile their argument into one) are refused: a pattern that backtracks
could hold the renderer for ever.

A render has limits, and a template that goes past them fails with
\`VALUES_TEMPLATE_TOO_EXPENSIVE\`, naming the template line where it stopped: 1 second;
1 MiB of output (the values end up in a HelmRelease, and a Kubernetes object holds about
1.5 MiB), which is also the largest string or list that one \`range\`, filter or method
may build; 10,000,000 operations (a lookup, call or loop iteration is one, and every string
or list a filter or method builds costs its length); and calls nested 64 deep. A values
template that stays within a few hundred lines of YAML is far below all of them.
Component overrides (env vars, images, command and args, replicas) are not in the values:
Styrmin applies them after the chart renders.

## Actions and the steps of a task

An action is an export of a JavaScript or TypeScript module of the driver. The agent runs
it in a child process, at its hook and mode, with one argument, \`ActionArguments\` below:
the context, the answers to its prompts, the action primitives and an abort signal. One
run of a hook's mode is one step (for example "Run the upgrade pre-hook"). What an action
prints goes to the agent's log.

- When an action throws, its error becomes the error of its hook step; when its process
  ends before the action does, the first line it wrote to stderr does. Every signed-in
  user, including read-only users, can read it on the deployment page and through the
  API. Styrmin replaces the deployment's secret values (secret parameters and the action's
  secret prompts) and some common forms of secrets in it with \`<redacted>\`, but not every
  form, so do not write secrets to the output of an action.
- A step carries short lines of its own that every reader sees on the deployment page,
  through the API (\`Step.lines\`) and in \`styrminctl tasks show\`: the Job that an
  \`executeCommands\` call deleted, the namespace that the deployment's first step made,
  the HelmRelease revision that the step waited for. At most 20 lines of at most 500
  characters each (the first ones are kept), redacted like errors.

## Calling the API from an action

Each action's process gets the Styrmin API in its environment: \`STYRMIN_URL\`, the
server's URL (the Backstage backend, such as \`http://localhost:7007\`), and
\`STYRMIN_TOKEN\`, an API token of the deployment: the same names that \`styrminctl\` reads,
so an action may also run it. With the SDK (\`@styrmin/sdk\`, which the driver ships with
its action, bundled as any dependency of a driver is):

\`\`\`js
import { StyrminClient, styrminPluginUrl } from './vendor/styrmin-sdk.js';

const api = StyrminClient.create({
  baseUrl: styrminPluginUrl(process.env.STYRMIN_URL),
  token: process.env.STYRMIN_TOKEN,
});
const deployment = await api.deployment({ id: context.deployment.id });
\`\`\`

- The token acts on the action's own deployment only, with an operator's rights there:
  \`deployment(id)\`, \`task(id)\` of its tasks, and the changes of the deployment
  (\`editDeployment\`, \`upgradeDeployment\`, \`editComponentOverrides\`,
  \`deleteDeployment\`, \`stopComponents\`, \`startComponents\`, \`restartComponents\`,
  \`runJob\`). Everything else, and any other deployment or its tasks however it is
  reached (through the environment, for one), is refused with \`FORBIDDEN\`.
- The token ends with the flow run that runs the action (and with its claim: a run claimed
  again after its agent crashed gets new tokens), and after 6 hours at the latest; then
  the API answers \`UNAUTHENTICATED\`. The server keeps only its hash. It is never written
  to the agent's log or to a step: what the action prints and its errors have it replaced
  with \`<redacted>\`, as any \`styrmin-action.…\` token is in what the server stores.
- Tasks that an action starts through the API, instead of the primitives below, are not
  linked: they appear as separate tasks (by \`styrmin-action:<flow run id>\`), the hook's
  task result does not include them, and the hook step does not wait for them. A change
  that records a new instance (\`editDeployment\`, \`upgradeDeployment\`) takes over from
  the running task once that has applied its resource, by the rules of every change: call
  it from a pre mode. The deployment is DEPLOYING while its hooks run, so the tasks that
  need it RUNNING or FAILED (\`runJob\`, \`stopComponents\`, ...) are refused with
  \`CONFLICT\`; their primitives are the way to run them from an action.
`;

const cell = (text: string) => text.replace(/\|/g, '\\|');

function row(field: DriverSpecField) {
  const only = field.only
    ? ` Only with \`type\` ${field.only.map(kind => `\`${kind}\``).join(', ')}.`
    : '';
  return `| \`${cell(field.path)}\` | \`${cell(field.type)}\` | ${
    field.required ? 'yes' : 'no'
  } | ${
    field.default === undefined ? '' : `\`${cell(field.default)}\``
  } | ${cell(field.description)}${only} |`;
}

function render(primitivesModule: string): string {
  const fields = driverSpecFields();
  // The section whose prefix matches the field most closely: `spec.info.icon` goes to
  // spec.info, not to the section that holds `spec` itself.
  const matches = (path: string, prefix: string) =>
    path === prefix ||
    path.startsWith(`${prefix}.`) ||
    path.startsWith(`${prefix}[`);
  const sectionOf = (field: DriverSpecField) => {
    let best:
      | { section: (typeof SECTIONS)[number]; length: number }
      | undefined;
    for (const section of SECTIONS) {
      for (const prefix of section.prefixes) {
        if (
          matches(field.path, prefix) &&
          prefix.length > (best?.length ?? -1)
        ) {
          best = { section, length: prefix.length };
        }
      }
    }
    return best?.section;
  };
  const unplaced = fields.filter(field => !sectionOf(field));
  if (unplaced.length > 0) {
    throw new Error(
      `Fields without a section: ${unplaced.map(f => f.path).join(', ')}`,
    );
  }
  const sections = SECTIONS.map(section => {
    const rows = fields.filter(field => sectionOf(field) === section).map(row);
    const table = [
      '| Field | Type | Required | Default | Description |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
    ].join('\n');
    return [`### ${section.title}`, section.intro, table].join('\n\n');
  });
  return [
    '# Driver API',
    `<!-- Generated by scripts/generate-driver-api-docs.ts from the zod schemas in plugins/styrmin-common/src/driver and the declarations in ${ACTION_PRIMITIVES_MODULE}. Do not edit: change them and run the script. -->`,
    'An application driver version is a directory whose `driver.styrmin.yml` says how Styrmin deploys and operates one application: the Helm chart and the values template, the components, the parameters users set, the services to create and the actions to run at lifecycle hooks. `drivers/` in this repository holds examples.',
    '## Fields',
    'Required: whether the field must be present when its parent is. `<name>` stands for a key of a map, `[]` for each entry of a list.',
    ...sections,
    RULES,
    '## Action primitives',
    `What an action receives and the primitives it calls, from the declarations and doc comments of \`${ACTION_PRIMITIVES_MODULE}\`. A driver declares the parts it uses in a module of its own (\`drivers/infrahub/*/actions/api.ts\`), so that it needs nothing outside its directory; the agent's tests type-check the example drivers' actions against these declarations.`,
    actionPrimitivesReference(primitivesModule, ACTION_PRIMITIVES_MODULE),
  ].join('\n\n');
}

/** The value of `--<name> <value>` on the command line. */
function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index < 0 ? undefined : process.argv[index + 1];
}

function main() {
  const primitives =
    argument('primitives') ?? join(__dirname, '..', ACTION_PRIMITIVES_MODULE);
  writeGeneratedDocument({
    output: OUTPUT,
    markdown: render(primitives),
    script: 'scripts/generate-driver-api-docs.ts',
    page: 'docs/driver-api.md',
  });
}

main();
