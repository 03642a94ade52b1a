import { Command } from 'commander';
import { ConfigurationFlags } from '../../deployments/configurationPatch';
import { collect } from '../../records/assignments';

/** What {@link configurationOptions} parses: `--file` is optional on the command line. */
export type ConfigurationOptions = Omit<ConfigurationFlags, 'file'> & {
  file?: string;
};

/** The options that set a deployment's configuration. */
export function configurationOptions(command: Command): Command {
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
export function promptOptions(command: Command, hook: string): Command {
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
export function waitOptions(command: Command): Command {
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
export function dryRunOption(command: Command): Command {
  return command.option(
    '--dry-run',
    'validate, and show the diff and the steps that would run; change nothing',
  );
}

/**
 * `--plan`: the server answers what the change would do as a plan, storing nothing but the
 * plan, which `styrminctl plans apply` makes by its id.
 */
export function planOption(command: Command): Command {
  return command.option(
    '--plan',
    'show the plan of the change (its diff, steps, hooks with their prompts, warnings) and keep it, to apply by its id with styrminctl plans apply; change nothing',
  );
}

export function expectedVersionOption(command: Command): Command {
  return command.option(
    '--expected-version <n>',
    'refuse the change (CONFLICT) unless the deployment is at this version',
    Number,
  );
}

/** The argument that names an existing deployment. */
export function deploymentArgument(command: Command): Command {
  return command.argument('<deployment>', '<environment>/<name>, or its id');
}
