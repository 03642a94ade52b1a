import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { followDeploymentTask } from './followDeploymentTask';
import { resolveDeployment } from './resolveDeployment';
import {
  describeStyrminError,
  StyrminActionServices,
  StyrminActionsOptions,
} from './StyrminActionServices';

/** What the upgrade checkpoint keeps. */
type Upgraded = {
  deploymentId: string;
  environment: string;
  name: string;
  /** The task that applies the upgrade; the current one when nothing changed. */
  taskId: string | null;
  changed: boolean;
};

const EXAMPLE = `
steps:
  - id: upgrade
    name: Upgrade Infrahub
    action: styrmin:deployment:upgrade
    input:
      deployment: dev/infrahub            # or its id, or resource:default/dev.infrahub
      driverVersion: 1.1.0
      appVersion: 1.6.0
      parameters:
        log_level: WARNING
`;

/**
 * `styrmin:deployment:upgrade`: moves a deployment to another version of its driver (with
 * an optional new application version and a merge patch of its parameters) as the user who
 * runs the template, and follows the upgrade task like `styrmin:deployment:create`. The
 * change is a checkpoint; asked again without it, Styrmin finds nothing left to change
 * and the action follows the deployment's current task.
 *
 * @public
 */
export function createStyrminDeploymentUpgradeAction(
  options: StyrminActionsOptions,
) {
  const styrmin = new StyrminActionServices(options);
  return createTemplateAction({
    id: 'styrmin:deployment:upgrade',
    description:
      'Upgrades a Styrmin deployment to another version of its application driver as the user who runs the template, and follows the upgrade task until it ends.',
    examples: [
      {
        description:
          'Upgrade dev/infrahub to driver version 1.1.0 and Infrahub 1.6.0',
        example: EXAMPLE,
      },
    ],
    schema: {
      input: {
        deployment: z =>
          z
            .string()
            .min(1)
            .describe(
              'The deployment: its id, <environment>/<name>, or its catalog entity (resource:default/dev.infrahub)',
            ),
        driverVersion: z =>
          z.string().min(1).describe('The driver version to move to'),
        appVersion: z =>
          z
            .string()
            .min(1)
            .optional()
            .describe(
              'A new application version; the current one stays when absent',
            ),
        parameters: z =>
          z
            .record(z.any())
            .optional()
            .describe(
              'A merge patch of the parameters: what it names changes, null returns to the default',
            ),
        expectedVersion: z =>
          z
            .number()
            .int()
            .optional()
            .describe(
              'The version of the deployment this upgrade applies to; CONFLICT when it changed since',
            ),
        timeoutMinutes: z =>
          z
            .number()
            .int()
            .min(1)
            .max(24 * 60)
            .optional()
            .describe(
              'How long to follow the task before failing; 60 minutes by default',
            ),
      },
      output: {
        deploymentId: z => z.string().describe('The id of the deployment'),
        deploymentUrl: z =>
          z.string().describe("The deployment's page in the portal"),
        entityRef: z => z.string().describe("The deployment's catalog entity"),
        changed: z =>
          z.boolean().describe('Whether the upgrade changed anything to apply'),
        taskId: z =>
          z
            .string()
            .optional()
            .describe('The task that applied the upgrade, when one did'),
        taskResult: z => z.string().optional().describe('The task result'),
        state: z =>
          z.string().describe('The deployment state when the task ended'),
      },
    },
    async handler(ctx) {
      const { input, logger } = ctx;
      const credentials = await ctx.getInitiatorCredentials();
      const client = styrmin.clientFor(credentials);
      const what = `upgrade the deployment ${input.deployment}`;

      const upgraded = await ctx.checkpoint<Upgraded>({
        key: `styrmin.deployment.upgrade.${input.deployment}.${input.driverVersion}`,
        fn: async () => {
          try {
            const current = await resolveDeployment(client, input.deployment);
            const configuration = {
              ...(input.appVersion ? { app_version: input.appVersion } : {}),
              ...(input.parameters ? { parameters: input.parameters } : {}),
            };
            const result = await client.upgradeDeployment({
              id: current.id,
              expectedVersion: input.expectedVersion,
              driverVersion: input.driverVersion,
              ...(Object.keys(configuration).length > 0
                ? { configuration }
                : {}),
            });
            return {
              deploymentId: current.id,
              environment: current.environment.name,
              name: current.name,
              taskId:
                result.task?.id ?? current.activeInstance?.task?.id ?? null,
              changed: result.changed,
            };
          } catch (error) {
            throw describeStyrminError(error, what);
          }
        },
      });

      const deployment = {
        id: upgraded.deploymentId,
        name: upgraded.name,
        environment: { name: upgraded.environment },
      };
      styrmin.outputDeployment(ctx, deployment);
      ctx.output('changed', upgraded.changed);
      logger.info(
        upgraded.changed
          ? `Upgraded ${upgraded.environment}/${upgraded.name} to driver version ${input.driverVersion}`
          : `${upgraded.environment}/${upgraded.name} already is as asked: nothing to change`,
      );
      if (!upgraded.taskId) {
        const now = await client.deployment({ id: upgraded.deploymentId });
        ctx.output('state', now?.state ?? 'UNKNOWN');
        return;
      }

      await followDeploymentTask({
        ctx,
        client,
        styrmin,
        deployment,
        taskId: upgraded.taskId,
        timeoutMinutes: input.timeoutMinutes,
      });
    },
  });
}
