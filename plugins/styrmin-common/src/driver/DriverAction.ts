import { z } from 'zod/v4';
import { Hook, Mode } from '../domain';
import {
  ContextPathText,
  DnsLabel,
  DriverPath,
  ParameterName,
} from './driverFields';
import { DriverParameter } from './DriverParameter';

/**
 * The function an action runs: an export of a JavaScript or TypeScript module inside the
 * driver. The agent runs it in a child process with the action primitives as its API.
 *
 * @public
 */
export const DriverActionFunction = z
  .strictObject({
    module: DriverPath.regex(/\.(ts|mts|cts|js|mjs|cjs)$/, {
      error:
        'Must be a JavaScript or TypeScript module (.ts, .mts, .cts, .js, .mjs or .cjs)',
    }).describe('The module, relative to driver.styrmin.yml.'),
    export: z
      .string()
      .regex(/^[A-Za-z_$][\w$]*$/, { error: 'Must be a JavaScript identifier' })
      .describe(
        'The name of the exported function (`default` for the default export).',
      ),
  })
  .describe(
    'The function the action runs, as a module and one of its exports.',
  );

/** @public */
export type DriverActionFunction = z.infer<typeof DriverActionFunction>;

/**
 * One entry of `spec.actions`: a function that the driver runs at a hook and mode.
 *
 * @public
 */
export const DriverAction = z
  .strictObject({
    name: DnsLabel.describe(
      'The name of the action, unique within the driver; steps and logs use it.',
    ),
    description: z
      .string()
      .min(1)
      .optional()
      .describe('What the action does, shown on its hook step.'),
    hook: z
      .enum(Hook.values)
      .describe(
        `When the action runs. ${Hook.values
          .map(hook => `\`${hook}\`: ${Hook.descriptions[hook]}`)
          .join(' ')}`,
      ),
    mode: z
      .enum(Mode.values)
      .describe(
        `The phase within the hook. The modes run in the order ${Mode.values.join(
          ', ',
        )}; the order of the actions inside one mode is not defined.`,
      ),
    function: DriverActionFunction,
    components: z
      .array(DnsLabel)
      .default([])
      .describe(
        'The components the action acts on (for example the ones it stops), each one of `spec.components`. The driver pages list them and the action receives them.',
      ),
    uses: z
      .array(ContextPathText)
      .optional()
      .describe(
        'The context paths the action reads (for example `cluster.base_domain`, `environment.deployments`), each with everything below it. The context of an instance holds of the cluster settings and the other deployments of the environment only what the values template and the actions read, so that a change redeploys only the deployments that use it. Absent: the action reads the whole context, and every change of the cluster or the environment redeploys the deployment.',
      ),
    migratesData: z
      .boolean()
      .optional()
      .describe(
        "Whether the action changes the application's stored data in a way the version before cannot read (a schema migration). With an upgrade hook, an environment whose `backup_before_upgrade` is `on_data_migration` backs the deployment up before an upgrade to this version. No when absent.",
      ),
    prompts: z
      .record(ParameterName, DriverParameter)
      .default({})
      .describe(
        'Inputs the action asks for, typed like parameters: the person who starts the change answers them in its form, and the action receives the answers.',
      ),
  })
  .describe('A function that the driver runs at a hook and mode.');

/** @public */
export type DriverAction = z.infer<typeof DriverAction>;
