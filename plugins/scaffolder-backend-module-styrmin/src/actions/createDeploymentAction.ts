import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { StyrminApiError, StyrminClient } from '@styrmin/sdk';
import { followDeploymentTask } from './followDeploymentTask';
import { resolveEnvironment } from './resolveEnvironment';
import {
  describeStyrminError,
  StyrminActionServices,
  StyrminActionsOptions,
} from './StyrminActionServices';

/** What the creation checkpoint keeps: enough to follow the task after a restart. */
type Created = {
  deploymentId: string;
  /** The task that applies the deployment's first instance. */
  taskId: string | null;
  adopted: boolean;
};

const EXAMPLE = `
steps:
  - id: deploy
    name: Deploy Infrahub
    action: styrmin:deployment:create
    input:
      environment: \${{ parameters.deploymentEnvironment }}  # dev, or resource:default/dev
      name: \${{ parameters.deploymentName }}
      driver: infrahub
      driverVersion: 1.1.0
      appVersion: \${{ parameters.appVersion }}
      parameters:
        log_level: \${{ parameters.log_level }}
        admin_password: \${{ secrets.admin_password }}
output:
  links:
    - title: Open the deployment in Styrmin
      url: \${{ steps.deploy.output.deploymentUrl }}
    - title: Open the deployment in the catalog
      icon: catalog
      entityRef: \${{ steps.deploy.output.entityRef }}
`;

/**
 * The deployment this run created before a restart lost its checkpoint: the deployment of
 * that name, if the same user created it with the same driver version after the run began.
 * Anything else with the name is someone else's, and the name is taken.
 */
async function findOwnDeployment(
  client: StyrminClient,
  options: {
    environment: string;
    name: string;
    driver: string;
    driverVersion: string;
    createdBy?: string;
    since: string;
  },
): Promise<Created | undefined> {
  const deployment = await client.deployment({
    environment: options.environment,
    name: options.name,
  });
  if (
    deployment &&
    options.createdBy !== undefined &&
    deployment.createdBy === options.createdBy &&
    deployment.driverVersion.name === options.driver &&
    deployment.driverVersion.version === options.driverVersion &&
    Date.parse(deployment.createdAt) >= Date.parse(options.since)
  ) {
    return {
      deploymentId: deployment.id,
      taskId: deployment.activeInstance?.task?.id ?? null,
      adopted: true,
    };
  }
  return undefined;
}

/**
 * `styrmin:deployment:create`: creates a Styrmin deployment as the user who runs the
 * template, follows the task that applies it step by step in the log, and fails when its
 * result is FAILED. Idempotent under the scaffolder's task recovery: the creation is a
 * checkpoint, and a creation whose checkpoint was lost is recognised by its name, creator,
 * driver version and time rather than made twice.
 *
 * @public
 */
export function createStyrminDeploymentCreateAction(
  options: StyrminActionsOptions,
) {
  const styrmin = new StyrminActionServices(options);
  return createTemplateAction({
    id: 'styrmin:deployment:create',
    description:
      'Creates a Styrmin deployment of an application driver version as the user who runs the template, and follows the task that applies it until it ends.',
    examples: [
      {
        description: 'Deploy Infrahub 1.1.0 from the form of its template',
        example: EXAMPLE,
      },
    ],
    schema: {
      input: {
        environment: z =>
          z
            .string()
            .min(1)
            .describe(
              'The environment: its name (dev), or its catalog entity (resource:default/dev) as the EntityPicker gives it',
            ),
        name: z =>
          z
            .string()
            .min(1)
            .describe(
              'The deployment name: a DNS label, unique in the environment',
            ),
        driver: z =>
          z.string().min(1).describe('The application driver (infrahub)'),
        driverVersion: z =>
          z.string().min(1).describe('The application driver version (1.1.0)'),
        appVersion: z =>
          z
            .string()
            .min(1)
            .describe(
              "The application version, within the driver version's supported_versions",
            ),
        parameters: z =>
          z
            .record(z.any())
            .optional()
            .describe(
              "The driver's parameters by name; pass secret ones from ${{ secrets.<name> }}. Those left out take their defaults.",
            ),
        components: z =>
          z
            .record(z.record(z.any()))
            .optional()
            .describe(
              'Component overrides by component name: env, image, command, args, replicas',
            ),
        timeoutMinutes: z =>
          z
            .number()
            .int()
            .min(1)
            .max(24 * 60)
            .optional()
            .describe(
              'How long to follow the task before failing; 60 minutes by default. The task goes on in Styrmin.',
            ),
      },
      output: {
        deploymentId: z => z.string().describe('The id of the deployment'),
        deploymentUrl: z =>
          z.string().describe("The deployment's page in the portal"),
        entityRef: z =>
          z
            .string()
            .describe(
              "The deployment's catalog entity, for the output's entityRef links",
            ),
        taskId: z =>
          z.string().describe('The task that applied the deployment'),
        taskResult: z =>
          z.string().describe('The task result: SUCCEEDED, or SUPERSEDED'),
        state: z =>
          z.string().describe('The deployment state when the task ended'),
      },
    },
    async handler(ctx) {
      const { input, logger } = ctx;
      const credentials = await ctx.getInitiatorCredentials();
      const client = styrmin.clientFor(credentials);
      const what = `create the deployment ${input.name}`;

      let environment;
      try {
        environment = await resolveEnvironment(client, input.environment);
      } catch (error) {
        throw describeStyrminError(error, what);
      }
      const since = await ctx.checkpoint({
        key: `styrmin.deployment.create.${environment.id}.${input.name}.since`,
        fn: async () => new Date().toISOString(),
      });
      const created = await ctx.checkpoint<Created>({
        key: `styrmin.deployment.create.${environment.id}.${input.name}`,
        fn: async () => {
          try {
            const result = await client.createDeployment({
              environment: environment.id,
              name: input.name,
              driver: input.driver,
              driverVersion: input.driverVersion,
              configuration: {
                app_version: input.appVersion,
                ...(input.parameters ? { parameters: input.parameters } : {}),
                ...(input.components ? { components: input.components } : {}),
              },
            });
            return {
              deploymentId: result.deployment.id,
              taskId: result.task?.id ?? null,
              adopted: false,
            };
          } catch (error) {
            if (error instanceof StyrminApiError && error.code === 'CONFLICT') {
              const own = await findOwnDeployment(client, {
                environment: environment.name,
                name: input.name,
                driver: input.driver,
                driverVersion: input.driverVersion,
                createdBy: styrmin.callerRef(credentials),
                since,
              });
              if (own) {
                return own;
              }
            }
            throw describeStyrminError(error, what);
          }
        },
      });

      const deployment = {
        id: created.deploymentId,
        name: input.name,
        environment: { name: environment.name },
      };
      logger.info(
        created.adopted
          ? `The deployment ${environment.name}/${input.name} (${created.deploymentId}) was created by this run before it restarted; following its task`
          : `Created the deployment ${environment.name}/${input.name} (${created.deploymentId}) of ${input.driver} ${input.driverVersion}, application version ${input.appVersion}`,
      );
      styrmin.outputDeployment(ctx, deployment);

      if (!created.taskId) {
        throw new Error(
          `The deployment ${environment.name}/${input.name} has no task to follow`,
        );
      }
      await followDeploymentTask({
        ctx,
        client,
        styrmin,
        deployment,
        taskId: created.taskId,
        timeoutMinutes: input.timeoutMinutes,
      });
    },
  });
}
