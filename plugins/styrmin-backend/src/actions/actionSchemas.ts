import { z } from 'zod/v3';

/*
 * The output shapes the actions share, each with the GraphQL selection that fills it: the
 * two are written side by side so that they cannot drift apart unnoticed (the actions test
 * parses every output with its schema, as the registry does).
 */

/** A deployment as lists show it. */
export const deploymentSummary = z.object({
  id: z.string(),
  name: z.string(),
  environment: z.object({ id: z.string(), name: z.string() }),
  driverVersion: z.object({ name: z.string(), version: z.string() }),
  appVersion: z.string(),
  state: z.string().describe('The DeploymentState, such as RUNNING'),
  stateReason: z.string().nullable(),
  version: z
    .number()
    .describe("The record's version: an edit's expectedVersion"),
});

export const DEPLOYMENT_SUMMARY_FIELDS = `id name environment { id name }
  driverVersion { name version } appVersion state stateReason version`;

/** A task as lists show it. */
export const taskSummary = z.object({
  id: z.string(),
  type: z.string().describe('The TaskType, such as update_instance'),
  status: z.string().describe('The FlowRunState, such as COMPLETED'),
  createdBy: z.string(),
  createdAt: z.string(),
});

export const TASK_SUMMARY_FIELDS = 'id type status createdBy createdAt';

/** What a change of a deployment did, or in a dry run would do: its plan. */
export const deploymentChangeResult = z.object({
  deployment: deploymentSummary,
  changed: z.boolean().describe('Whether anything was (would be) stored'),
  instanceId: z
    .string()
    .nullable()
    .describe('The new active instance; null in a dry run or without a change'),
  task: taskSummary
    .nullable()
    .describe(
      'The task that applies it; null in a dry run or without a change',
    ),
  diff: z
    .array(
      z.object({
        path: z.string(),
        kind: z.string(),
        before: z.unknown(),
        after: z.unknown(),
        secret: z.boolean(),
      }),
    )
    .describe('The reconciliation diff, secrets masked'),
  plannedSteps: z.array(z.string()).describe('The steps of the task, in order'),
  plannedActions: z
    .array(z.string())
    .describe('The driver actions that its hooks run, in order'),
  droppedParameters: z.array(z.string()),
  siblings: z
    .array(z.string())
    .describe('The other deployments of the environment it redeploys, by name'),
});

export const DEPLOYMENT_CHANGE_FIELDS = `deployment { ${DEPLOYMENT_SUMMARY_FIELDS} }
  changed instance { id } task { ${TASK_SUMMARY_FIELDS} }
  diff { path kind before after secret } plannedSteps plannedActions { name }
  droppedParameters siblings { deployment { name } }`;

/** The GraphQL answer of a deployment change, as {@link deploymentChangeResult}. */
export function toDeploymentChangeResult(
  result: any,
): z.infer<typeof deploymentChangeResult> {
  const { instance, plannedActions, siblings, ...rest } = result;
  return {
    ...rest,
    instanceId: instance?.id ?? null,
    plannedActions: plannedActions.map((action: any) => action.name),
    siblings: siblings.map((sibling: any) => sibling.deployment.name),
  };
}

/** The input of a change that can be a dry run. */
export const dryRun = z
  .boolean()
  .default(false)
  .describe(
    'True: the plan of the change (its diff, steps, hooks and redeployed siblings), storing nothing; the same errors as the change itself',
  );

/** The configuration in a change's input. */
export const configurationPatch = z
  .record(z.unknown())
  .describe(
    'A JSON merge patch of the configuration (app_version, parameters, components): what it names changes, null removes, the rest stays',
  );
