import { DeploymentState, StyrminError } from '@styrmin/plugin-styrmin-common';
import { Deployment, StyrminClient, TimelineEntry } from '@styrmin/sdk';
import { Command, Option } from 'commander';
import { CommandContext } from '../CommandContext';
import {
  ConfigurationFlags,
  configurationPatch,
} from '../deployments/configurationPatch';
import { checkOneStdinSecret } from '../deployments/flagValues';
import { PromptFlags, promptAnswers } from '../deployments/promptAnswers';
import { collect } from '../records/assignments';
import { findDeployment, findEnvironment } from '../records/findRecords';
import {
  deploymentRow,
  deploymentView,
  diffRows,
  instanceRows,
} from '../records/views';
import { followChange, WaitOptions } from '../tasks/followChange';
import { followTask } from '../tasks/followTask';
import { UsageError } from '../UsageError';

/**
 * How many instances a page of the timeline holds: diffs are long, so pages stay well
 * inside the server's query cost.
 */
const TIMELINE_PAGE = 50;

type ConfigurationOptions = Omit<ConfigurationFlags, 'file'> & {
  file?: string;
};

/** The options that set a deployment's configuration. */
function configurationOptions(command: Command): Command {
  return command
    .option('--app-version <version>', 'the application version')
    .option(
      '--set <parameter=value>',
      'set a parameter, typed as the driver declares it',
      collect,
      [],
    )
    .option(
      '--set-secret <parameter[=ENV_VAR]>',
      'set a secret parameter from stdin, or from the environment variable ENV_VAR',
      collect,
      [],
    )
    .option(
      '--unset <parameter>',
      'set a parameter back to its default',
      collect,
      [],
    )
    .option(
      '--env <component.NAME=VALUE>',
      "set an env var of a component's container",
      collect,
      [],
    )
    .option(
      '--image <component=REF>',
      'override the image of a component (a full reference; {{ app.version }} follows the application version)',
      collect,
      [],
    )
    .option(
      '--replicas <component=N>',
      'override the replica count of a component',
      collect,
      [],
    )
    .option(
      '-f, --file <file>',
      'a YAML file with the configuration (app_version, parameters, components), which the flags change further',
    );
}

/** `--prompt` and `--prompt-secret`: the answers to the prompts of the actions a change runs. */
function promptOptions(command: Command, hook: string): Command {
  return command
    .option(
      '--prompt <action.prompt=value>',
      `answer a prompt of an action of the ${hook} hook, typed as the driver declares it`,
      collect,
      [],
    )
    .option(
      '--prompt-secret <action.prompt[=ENV_VAR]>',
      'answer a secret prompt from stdin, or from the environment variable ENV_VAR',
      collect,
      [],
    );
}

/** `--wait` and its `--timeout`: follow the change's task until its result is final. */
function waitOptions(command: Command): Command {
  return command
    .option(
      '--wait',
      'follow the task until its result is final, showing its steps; exit non-zero when it FAILED',
    )
    .option(
      '--timeout <seconds>',
      'with --wait, give up after this many seconds',
      Number,
    );
}

/** `--dry-run`: the server validates and answers what the change would do, storing nothing. */
function dryRunOption(command: Command): Command {
  return command.option(
    '--dry-run',
    'validate, and show the diff and the steps that would run; change nothing',
  );
}

function expectedVersionOption(command: Command): Command {
  return command.option(
    '--expected-version <n>',
    'refuse the change (CONFLICT) unless the deployment is at this version',
    Number,
  );
}

/**
 * A driver version, whose parameters type the values of `--set` and whose actions' prompts
 * type those of `--prompt`.
 */
async function driverVersionOf(
  client: StyrminClient,
  name: string,
  version: string,
) {
  const driverVersion = await client.driverVersion({ name, version });
  if (!driverVersion) {
    throw new StyrminError(
      'NOT_FOUND',
      `Driver version ${name} ${version} is not loaded`,
    );
  }
  return driverVersion;
}

/** `<environment>/<name>` as its two parts. */
function splitDeploymentName(ref: string): [string, string] {
  const [environment, name, ...rest] = ref.split('/');
  if (!environment || !name || rest.length > 0) {
    throw new UsageError(
      `Name the new deployment <environment>/<name>; got "${ref}"`,
    );
  }
  return [environment, name];
}

/** Every page of a listing, one after the other. */
async function allPages<T>(
  page: (after?: string) => Promise<{
    nodes: T[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  }>,
): Promise<T[]> {
  const all: T[] = [];
  for (let after: string | undefined; ; ) {
    const { nodes, pageInfo } = await page(after);
    all.push(...nodes);
    if (!pageInfo.hasNextPage || !pageInfo.endCursor) {
      return all;
    }
    after = pageInfo.endCursor;
  }
}

/** `styrminctl deployments ...`: the deployments, their instances and diffs. */
export function registerDeploymentsCommands(
  program: Command,
  context: CommandContext,
): void {
  const deployments = program
    .command('deployments')
    .description(
      'Create, list, show, edit, upgrade and delete deployments; stop and start components, run jobs; their timeline and diffs',
    );

  type DriverVersion = Awaited<ReturnType<typeof driverVersionOf>>;
  const patchFrom = async (
    options: ConfigurationOptions,
    { parameters }: DriverVersion,
  ) =>
    configurationPatch(options, {
      parameters,
      readStdin: () => context.readStdin(),
      env: context.env,
    });
  /** A change's configuration patch and prompt answers, with stdin read at most once. */
  const changeFrom = async (
    options: ConfigurationOptions & PromptFlags,
    driverVersion: DriverVersion,
  ) => {
    checkOneStdinSecret({
      '--set-secret': options.setSecret,
      '--prompt-secret': options.promptSecret,
    });
    return {
      configuration: await patchFrom(options, driverVersion),
      prompts: await promptAnswers(options, {
        actions: driverVersion.actions,
        readStdin: () => context.readStdin(),
        env: context.env,
      }),
    };
  };

  dryRunOption(
    waitOptions(
      promptOptions(
        configurationOptions(
          deployments
            .command('create')
            .description(
              'Create a deployment: its first instance and the task that applies it',
            )
            .argument('<environment/name>', 'its environment and its name')
            .requiredOption('--driver <name>', 'the application driver')
            .option(
              '--driver-version <version>',
              'the driver version (default: the latest loaded)',
            ),
        ),
        'setup',
      ),
    ),
  ).action(
    async (
      ref: string,
      options: ConfigurationOptions &
        PromptFlags &
        WaitOptions & {
          driver: string;
          driverVersion?: string;
        },
    ) => {
      const [environmentName, name] = splitDeploymentName(ref);
      const client = await context.client();
      const environment = await findEnvironment(client, environmentName);
      const version =
        options.driverVersion ??
        (await client.driver(options.driver))?.latestVersion.version;
      if (!version) {
        throw new StyrminError(
          'NOT_FOUND',
          `No version of driver ${options.driver} is loaded`,
        );
      }
      const { configuration, prompts } = await changeFrom(
        options,
        await driverVersionOf(client, options.driver, version),
      );
      const result = await client.createDeployment({
        environment: environment.id,
        name,
        driver: options.driver,
        driverVersion: version,
        configuration,
        prompts,
        dryRun: options.dryRun,
      });
      await followChange(context, client, result, options);
    },
  );

  deployments
    .command('list')
    .description('List the deployments, by name')
    .option('--environment <environment>', 'only those of an environment')
    .addOption(
      new Option('--state <state>', 'only those in this state (repeatable)')
        .choices(DeploymentState.values)
        .argParser(collect)
        .default([]),
    )
    .option('--driver <name>', 'only those of this driver')
    .option('--driver-version <version>', 'only those of this driver version')
    .option('--all', 'tombstones too')
    .action(
      async (options: {
        environment?: string;
        state: DeploymentState[];
        driver?: string;
        driverVersion?: string;
        all?: boolean;
      }) => {
        const client = await context.client();
        const filter = {
          environment:
            options.environment === undefined
              ? undefined
              : (await findEnvironment(client, options.environment)).id,
          states: options.state.length > 0 ? options.state : undefined,
          driver: options.driver,
          driverVersion: options.driverVersion,
          includeDeleted: options.all ?? false,
        };
        const list: Deployment[] = await allPages(after =>
          client.deployments({ first: 100, after, filter }),
        );
        context.print(list, { table: list.map(deploymentRow) });
      },
    );

  deployments
    .command('show')
    .description(
      'Show a deployment with its active instance (-o json or yaml: the context too, secrets masked)',
    )
    .argument('<deployment>', '<environment>/<name>, or its id')
    .action(async (ref: string) => {
      const deployment = await findDeployment(await context.client(), ref);
      context.print(deployment, { table: deploymentView(deployment) });
    });

  dryRunOption(
    waitOptions(
      expectedVersionOption(
        configurationOptions(
          deployments
            .command('edit')
            .description(
              'Change a deployment’s configuration; nothing is stored when its instance stays the same',
            )
            .argument('<deployment>', '<environment>/<name>, or its id'),
        ),
      ),
    ),
  ).action(
    async (
      ref: string,
      options: ConfigurationOptions &
        WaitOptions & { expectedVersion?: number },
    ) => {
      const client = await context.client();
      const deployment = await findDeployment(client, ref);
      const { name, version } = deployment.driverVersion;
      const result = await client.editDeployment({
        id: deployment.id,
        expectedVersion: options.expectedVersion,
        dryRun: options.dryRun,
        configuration: await patchFrom(
          options,
          await driverVersionOf(client, name, version),
        ),
      });
      await followChange(context, client, result, options);
    },
  );

  dryRunOption(
    waitOptions(
      expectedVersionOption(
        promptOptions(
          configurationOptions(
            deployments
              .command('upgrade')
              .description(
                'Move a deployment to another version of its driver, with the upgrade hook',
              )
              .argument('<deployment>', '<environment>/<name>, or its id')
              .requiredOption(
                '--driver-version <version>',
                'the driver version',
              ),
          ),
          'upgrade',
        ),
      ),
    ),
  ).action(
    async (
      ref: string,
      options: ConfigurationOptions &
        PromptFlags &
        WaitOptions & {
          driverVersion: string;
          expectedVersion?: number;
        },
    ) => {
      const client = await context.client();
      const deployment = await findDeployment(client, ref);
      const { configuration, prompts } = await changeFrom(
        options,
        await driverVersionOf(
          client,
          deployment.driverVersion.name,
          options.driverVersion,
        ),
      );
      const result = await client.upgradeDeployment({
        id: deployment.id,
        expectedVersion: options.expectedVersion,
        dryRun: options.dryRun,
        driverVersion: options.driverVersion,
        configuration,
        prompts,
      });
      await followChange(context, client, result, options);
    },
  );

  waitOptions(
    expectedVersionOption(
      deployments
        .command('delete')
        .description(
          'Delete a deployment: its workload goes, its record stays as a tombstone',
        )
        .argument('<deployment>', '<environment>/<name>, or its id'),
    ),
  ).action(
    async (
      ref: string,
      options: WaitOptions & { expectedVersion?: number },
    ) => {
      const client = await context.client();
      const deployment = await findDeployment(client, ref);
      const result = await client.deleteDeployment({
        id: deployment.id,
        expectedVersion: options.expectedVersion,
      });
      await followChange(context, client, result, options);
    },
  );

  for (const [verb, description] of [
    [
      'stop',
      'Stop components of a deployment: each runs 0 pods and keeps its replica override',
    ],
    [
      'start',
      'Start stopped components again, with their replica count (override, driver default, chart)',
    ],
  ] as const) {
    waitOptions(
      expectedVersionOption(
        deployments
          .command(verb)
          .description(description)
          .argument('<deployment>', '<environment>/<name>, or its id')
          .requiredOption(
            '--component <name>',
            `a component to ${verb}; repeat for more`,
            collect,
            [],
          ),
      ),
    ).action(
      async (
        ref: string,
        options: WaitOptions & {
          component: string[];
          expectedVersion?: number;
        },
      ) => {
        const client = await context.client();
        const deployment = await findDeployment(client, ref);
        const input = {
          id: deployment.id,
          expectedVersion: options.expectedVersion,
          components: options.component,
        };
        const result =
          verb === 'stop'
            ? await client.stopComponents(input)
            : await client.startComponents(input);
        await followTask(context, client, result, options);
      },
    );
  }

  expectedVersionOption(
    deployments
      .command('run-job')
      .description(
        'Run a command in a Job of a deployment, in a component container’s image and environment; put -- before the command',
      )
      .argument('<deployment>', '<environment>/<name>, or its id')
      .argument('<command...>', 'the program and its arguments (no shell)')
      .requiredOption(
        '--component <name>',
        'the component whose container the Job runs as',
      )
      .option(
        '--timeout <seconds>',
        'how long the Job may run (default 600, at most 3600)',
        Number,
      )
      .option(
        '--wait',
        'follow the task until its result is final; when it FAILED, show the end of the command’s output and exit non-zero',
      ),
  ).action(
    async (
      ref: string,
      command: string[],
      options: {
        component: string;
        timeout?: number;
        wait?: boolean;
        expectedVersion?: number;
      },
    ) => {
      const client = await context.client();
      const deployment = await findDeployment(client, ref);
      const result = await client.runJob({
        id: deployment.id,
        expectedVersion: options.expectedVersion,
        component: options.component,
        command,
        timeoutSeconds: options.timeout,
      });
      // --timeout is the Job's here: waiting has no limit of its own.
      await followTask(context, client, result, { wait: options.wait });
    },
  );

  deployments
    .command('timeline')
    .description(
      'List a deployment’s instances, newest first: who changed what, when',
    )
    .argument('<deployment>', '<environment>/<name>, or its id')
    .action(async (ref: string) => {
      const client = await context.client();
      const { id } = await findDeployment(client, ref);
      const instances = await allPages(
        async after =>
          (await client.deploymentTimeline({
            id,
            first: TIMELINE_PAGE,
            after,
          })) ?? {
            nodes: [],
            pageInfo: { endCursor: null, hasNextPage: false },
          },
      );
      context.print(instances, { table: instanceRows(instances) });
    });

  deployments
    .command('diff')
    .description(
      'Show the reconciliation diff of an instance to the one before it (default: the newest)',
    )
    .argument('<deployment>', '<environment>/<name>, or its id')
    .option('--instance <number>', 'the instance’s number', Number)
    .action(async (ref: string, options: { instance?: number }) => {
      const client = await context.client();
      const { id } = await findDeployment(client, ref);
      let found: TimelineEntry | undefined;
      for (let after: string | undefined; !found; ) {
        const page = await client.deploymentTimeline({
          id,
          first: TIMELINE_PAGE,
          after,
        });
        found = page?.nodes.find(
          instance =>
            options.instance === undefined ||
            instance.number === options.instance,
        );
        if (!page?.pageInfo.hasNextPage || !page.pageInfo.endCursor) {
          break;
        }
        after = page.pageInfo.endCursor;
      }
      if (!found) {
        throw new StyrminError(
          'NOT_FOUND',
          options.instance === undefined
            ? `Deployment ${ref} has no instance`
            : `Deployment ${ref} has no instance ${options.instance}`,
        );
      }
      context.print(found.diff, { table: diffRows(found.diff) });
    });
}
