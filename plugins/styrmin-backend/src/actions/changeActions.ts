import {
  configurationPatch,
  DEPLOYMENT_CHANGE_FIELDS,
  deploymentChangeResult,
  dryRun,
  TASK_SUMMARY_FIELDS,
  taskSummary,
  toDeploymentChangeResult,
} from './actionSchemas';
import { styrminAction } from './StyrminAction';

const CHANGE = { readOnly: false, idempotent: false, destructive: true };

/**
 * Styrmin's changes as actions. Each deployment change is planned first with
 * `dryRun: true` (the same validation and generation, nothing stored), then applied.
 */
export const changeActions = [
  styrminAction({
    name: 'create-deployment',
    title: 'Create a Styrmin deployment',
    description:
      'Creates a deployment of a driver version in an environment, or with dryRun plans it. Needs styrmin.deployment.create.',
    attributes: CHANGE,
    schema: {
      input: z =>
        z.object({
          environment: z.string().describe('The id of the environment'),
          name: z.string().describe('A DNS label, unique in the environment'),
          driver: z.string(),
          driverVersion: z.string(),
          configuration: z
            .record(z.unknown())
            .describe('The configuration: app_version, parameters, components'),
          dryRun,
        }),
      output: () => deploymentChangeResult,
    },
    document: `mutation ($input: CreateDeploymentInput!) {
      result: createDeployment(input: $input) { ${DEPLOYMENT_CHANGE_FIELDS} }
    }`,
    variables: input => ({ input }),
    output: ({ result }) => toDeploymentChangeResult(result),
  }),
  styrminAction({
    name: 'edit-deployment',
    title: "Edit a Styrmin deployment's configuration",
    description:
      "Changes a deployment's configuration by a merge patch, or with dryRun plans it. Needs styrmin.deployment.update.",
    attributes: CHANGE,
    schema: {
      input: z =>
        z.object({
          id: z.string(),
          expectedVersion: z
            .number()
            .int()
            .optional()
            .describe('The version the change applies to; another is CONFLICT'),
          configuration: configurationPatch,
          dryRun,
        }),
      output: () => deploymentChangeResult,
    },
    document: `mutation ($input: EditDeploymentInput!) {
      result: editDeployment(input: $input) { ${DEPLOYMENT_CHANGE_FIELDS} }
    }`,
    variables: input => ({ input }),
    output: ({ result }) => toDeploymentChangeResult(result),
  }),
  styrminAction({
    name: 'upgrade-deployment',
    title: 'Upgrade a Styrmin deployment',
    description:
      'Moves a deployment to another driver version, or with dryRun plans it. Needs styrmin.deployment.update.',
    attributes: CHANGE,
    schema: {
      input: z =>
        z.object({
          id: z.string(),
          expectedVersion: z.number().int().optional(),
          driverVersion: z.string().describe('The driver version to move to'),
          allowDowngrade: z.boolean().default(false),
          configuration: configurationPatch.optional(),
          dryRun,
        }),
      output: () => deploymentChangeResult,
    },
    document: `mutation ($input: UpgradeDeploymentInput!) {
      result: upgradeDeployment(input: $input) { ${DEPLOYMENT_CHANGE_FIELDS} }
    }`,
    variables: input => ({ input }),
    output: ({ result }) => toDeploymentChangeResult(result),
  }),
  styrminAction({
    name: 'back-up-deployment',
    title: 'Back up a Styrmin deployment',
    description:
      'Takes a backup of a deployment now (a create_backup task on its cluster). Needs styrmin.backup.create.',
    attributes: { ...CHANGE, destructive: false },
    schema: {
      input: z =>
        z.object({
          deployment: z.string().describe('The id of the deployment'),
          ttl: z
            .string()
            .optional()
            .describe('How long it is kept (30d, 720h); 30d when absent'),
        }),
      output: z =>
        z.object({
          backup: z.object({
            id: z.string(),
            veleroName: z.string(),
            phase: z.string().nullable(),
            expiresAt: z.string().nullable(),
          }),
        }),
    },
    document: `mutation ($input: CreateBackupInput!) {
      backup: createBackup(input: $input) { id veleroName phase expiresAt }
    }`,
    variables: input => ({ input }),
    output: data => data,
  }),
  styrminAction({
    name: 'restore-backup',
    title: 'Restore a Styrmin backup',
    description:
      'Restores a backup in place into the deployment it was taken of. Needs styrmin.backup.restore.',
    attributes: CHANGE,
    schema: {
      input: z =>
        z.object({ backup: z.string().describe('The id of the backup') }),
      output: z =>
        z.object({
          restore: z.object({
            id: z.string(),
            veleroName: z.string(),
            phase: z.string().nullable(),
            task: taskSummary.nullable(),
          }),
        }),
    },
    document: `mutation ($input: RestoreBackupInput!) {
      restore: restoreBackup(input: $input) { id veleroName phase task { ${TASK_SUMMARY_FIELDS} } }
    }`,
    variables: input => ({ input }),
    output: data => data,
  }),
];
