import { z } from 'zod/v3';
import {
  configurationPatch,
  DEPLOYMENT_CHANGE_FIELDS,
  deploymentChangeResult,
  toDeploymentChangeResult,
} from './actionSchemas';
import { styrminAction } from './StyrminAction';

/** A plan as the actions answer it: what applying it would do, and until when. */
const plan = z.object({
  id: z.string().describe('What styrmin:apply-plan takes'),
  kind: z.string().describe('EDIT or UPGRADE'),
  deploymentName: z.string(),
  fromDriverVersion: z.string().nullable(),
  driverVersion: z.string(),
  changed: z.boolean().describe('Whether applying it would store anything'),
  flow: z.string().nullable(),
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
    .describe('The context diff, secret values masked'),
  plannedSteps: z.array(z.string()),
  plannedActions: z
    .array(
      z.object({
        name: z.string(),
        hook: z.string(),
        mode: z.string(),
        prompts: z.array(z.string()),
      }),
    )
    .describe('The driver actions its hooks run, in order, with their prompts'),
  warnings: z.array(
    z.object({
      code: z.string(),
      message: z.string(),
      component: z.string().nullable(),
    }),
  ),
  backup: z.object({ taken: z.boolean(), reason: z.string() }),
  siblings: z
    .array(z.string())
    .describe('The other deployments of the environment it redeploys, by name'),
  fingerprint: z.string(),
  expiresAt: z.string(),
});

const PLAN_FIELDS = `id kind deploymentName
  fromDriverVersion { version } driverVersion { version } changed flow
  diff { path kind before after secret } plannedSteps
  plannedActions { name hook mode prompts { name } }
  warnings { code message component } backup { taken reason }
  siblings { deployment { name } } fingerprint expiresAt`;

/** The mutation that plans the change: an upgrade when the input names a driver version. */
function planDocument(upgrade: boolean): string {
  const [mutation, inputType] = upgrade
    ? ['upgradeDeployment', 'UpgradeDeploymentInput']
    : ['editDeployment', 'EditDeploymentInput'];
  return `mutation ($input: ${inputType}!) {
    result: ${mutation}(input: $input) { plan { ${PLAN_FIELDS} } }
  }`;
}

/**
 * Styrmin's plans as actions: a change of a deployment planned (its dry run, kept), then
 * applied by the plan's id, refused with CONFLICT when what it was computed from changed.
 */
export const planActions = [
  styrminAction({
    name: 'plan-change',
    title: 'Plan a change of a Styrmin deployment',
    description:
      "Plans an edit of a deployment's configuration, or with driverVersion an upgrade: what it would do (the context diff, the steps, the hooks with their prompts, warnings, whether a backup is taken first), stored as a plan to apply with styrmin:apply-plan; nothing else changes. Needs styrmin.deployment.update.",
    attributes: { readOnly: false, idempotent: false, destructive: false },
    schema: {
      input: zod =>
        zod.object({
          id: zod.string().describe('The id of the deployment'),
          driverVersion: zod
            .string()
            .optional()
            .describe(
              'The driver version to move to: an upgrade; an edit without',
            ),
          configuration: configurationPatch.optional(),
          prompts: zod
            .record(zod.unknown())
            .optional()
            .describe(
              "An upgrade's answers to its hook actions' prompts, by action then prompt name",
            ),
          allowDowngrade: zod.boolean().default(false),
          expectedVersion: zod.number().int().optional(),
        }),
      output: zod => zod.object({ plan }),
    },
    document: input => planDocument(input.driverVersion !== undefined),
    variables: ({ driverVersion, prompts, allowDowngrade, ...input }) => ({
      input: {
        ...input,
        configuration: input.configuration ?? {},
        plan: true,
        ...(driverVersion !== undefined && {
          driverVersion,
          prompts,
          allowDowngrade,
        }),
      },
    }),
    output: ({ result }) => ({
      plan: {
        ...result.plan,
        fromDriverVersion: result.plan.fromDriverVersion?.version ?? null,
        driverVersion: result.plan.driverVersion.version,
        plannedActions: result.plan.plannedActions.map((action: any) => ({
          ...action,
          prompts: action.prompts.map((prompt: any) => prompt.name),
        })),
        siblings: result.plan.siblings.map(
          (sibling: any) => sibling.deployment.name,
        ),
      },
    }),
  }),
  styrminAction({
    name: 'apply-plan',
    title: 'Apply a Styrmin plan',
    description:
      'Applies a plan by its id: the planned change, made now. Refused with CONFLICT, naming what changed, when what the plan was computed from changed since, when it was applied already or expired. Needs styrmin.deployment.update.',
    attributes: { readOnly: false, idempotent: false, destructive: true },
    schema: {
      input: zod =>
        zod.object({ id: zod.string().describe('The id of the plan') }),
      output: () => deploymentChangeResult,
    },
    document: `mutation ($input: ApplyPlanInput!) {
      result: applyPlan(input: $input) { ${DEPLOYMENT_CHANGE_FIELDS} }
    }`,
    variables: input => ({ input }),
    output: ({ result }) => toDeploymentChangeResult(result),
  }),
];
