import { AuditorServiceEventSeverityLevel } from '@backstage/backend-plugin-api';
import { JsonObject } from '@backstage/types';
import { BACKUP_MUTATION_AUDITS } from './backups/backupMutationAudits';
import { ENVIRONMENT_BACKUP_MUTATION_AUDITS } from './environmentBackups/environmentBackupMutationAudits';
import { ENVIRONMENT_OPERATION_MUTATION_AUDITS } from './environmentOperations/environmentOperationMutationAudits';
import { ENVIRONMENT_RESTORE_MUTATION_AUDITS } from './environmentOperations/environmentRestoreMutationAudits';
import { PLAN_MUTATION_AUDITS } from './plans/planMutationAudits';
import { TASK_MUTATION_AUDITS } from './tasks/taskMutationAudits';

/**
 * The records a mutation acts on, as its audit events name them. Ids come from the input
 * or the answer; `auditMutations` adds the names, and the environment and cluster of a
 * deployment, from the stores.
 *
 * @internal
 */
export type AuditSubjects = {
  deploymentId?: string;
  deploymentName?: string;
  environmentId?: string;
  environmentName?: string;
  clusterId?: string;
  clusterName?: string;
};

/**
 * How one mutation is audited. `subjects` and `outcome` pick fields one by one, so that
 * nothing secret (configurations, parameters, settings, archives, agent tokens) reaches
 * the audit log.
 *
 * @internal
 */
export type MutationAudit = {
  /** kebab-case, record first (`deployment-create`); the plugin id is added by Backstage. */
  eventId: string;
  severityLevel: AuditorServiceEventSeverityLevel;
  /** What the input names, known before the mutation runs (GraphQL has checked its shape). */
  subjects(input: Record<string, any>): AuditSubjects & JsonObject;
  /** What the answer adds on success: the records it made, the tasks it started. */
  outcome?(result: any): AuditSubjects & JsonObject;
};

/**
 * A deployment change: the deployment and the task that applies it, if any, and the plan
 * kept of it when it was planned.
 *
 * @internal
 */
export function deploymentChange(result: {
  deployment: { id: string };
  changed: boolean;
  redeployment?: { remediation?: { task: { id: string } } };
  siblings: Array<{ deployment: { id: string } }>;
  plan?: { id: string };
}) {
  return {
    deploymentId: result.deployment.id,
    changed: result.changed,
    taskId: result.redeployment?.remediation?.task.id ?? null,
    planId: result.plan?.id ?? null,
    redeployedDeploymentIds: result.siblings.map(
      ({ deployment }) => deployment.id,
    ),
  };
}

/** The components that stopComponents, startComponents and restartComponents name. */
function componentsInput(input: Record<string, any>) {
  return { deploymentId: input.id, components: input.components };
}

/**
 * The job that runJob asks for: its component and how many arguments its command has,
 * never the arguments, which may hold secrets.
 */
function jobInput(input: Record<string, any>) {
  return {
    deploymentId: input.id,
    component: input.component,
    commandArguments: input.command.length,
  };
}

/** What a component switch or a job started. */
function deploymentTask(result: {
  deployment: { id: string };
  task: { id: string };
}) {
  return { deploymentId: result.deployment.id, taskId: result.task.id };
}

/** A settings change: whether it changed anything, and what it redeployed. */
function settingsChange(result: {
  changed: boolean;
  redeployments: Array<{ deployment: { id: string } }>;
}) {
  return {
    changed: result.changed,
    redeployedDeploymentIds: result.redeployments.map(
      ({ deployment }) => deployment.id,
    ),
  };
}

/**
 * The audit of every mutation of the Styrmin API, by field name. A mutation that has none
 * fails the plugin's start (`auditMutations`): every change must leave an audit event.
 * Deletions and the issue of agent tokens are `high`; other changes `medium`.
 *
 * @internal
 */
export const MUTATION_AUDITS: Record<string, MutationAudit> = {
  ...BACKUP_MUTATION_AUDITS,
  ...ENVIRONMENT_BACKUP_MUTATION_AUDITS,
  ...ENVIRONMENT_OPERATION_MUTATION_AUDITS,
  ...ENVIRONMENT_RESTORE_MUTATION_AUDITS,
  ...TASK_MUTATION_AUDITS,
  ...PLAN_MUTATION_AUDITS,
  loadDriver: {
    eventId: 'driver-load',
    severityLevel: 'medium',
    subjects: input => ({ source: input.source }),
    outcome: result => ({
      driver: result.driverVersion.name,
      driverVersion: result.driverVersion.version,
      created: result.created,
    }),
  },
  registerCluster: {
    eventId: 'cluster-register',
    severityLevel: 'high',
    subjects: input => ({ clusterName: input.name }),
    outcome: result => ({ clusterId: result.cluster.id }),
  },
  updateCluster: {
    eventId: 'cluster-update',
    severityLevel: 'medium',
    subjects: input => ({ clusterId: input.id }),
    outcome: settingsChange,
  },
  rotateAgentToken: {
    eventId: 'cluster-rotate-agent-token',
    severityLevel: 'high',
    subjects: input => ({ clusterId: input.id }),
  },
  createEnvironment: {
    eventId: 'environment-create',
    severityLevel: 'medium',
    subjects: input => ({
      environmentName: input.name,
      clusterId: input.cluster,
    }),
    outcome: result => ({ environmentId: result.id }),
  },
  updateEnvironment: {
    eventId: 'environment-update',
    severityLevel: 'medium',
    subjects: input => ({ environmentId: input.id }),
    outcome: settingsChange,
  },
  deleteEnvironment: {
    eventId: 'environment-delete',
    severityLevel: 'high',
    subjects: input => ({ environmentId: input.id }),
  },
  createDeployment: {
    eventId: 'deployment-create',
    severityLevel: 'medium',
    subjects: input => ({
      deploymentName: input.name,
      environmentId: input.environment,
      driver: input.driver,
      driverVersion: input.driverVersion,
    }),
    outcome: deploymentChange,
  },
  editDeployment: {
    eventId: 'deployment-edit',
    severityLevel: 'medium',
    subjects: input => ({ deploymentId: input.id }),
    outcome: deploymentChange,
  },
  upgradeDeployment: {
    eventId: 'deployment-upgrade',
    severityLevel: 'medium',
    subjects: input => ({
      deploymentId: input.id,
      driverVersion: input.driverVersion,
    }),
    outcome: deploymentChange,
  },
  rollbackDeployment: {
    eventId: 'deployment-rollback',
    severityLevel: 'medium',
    subjects: input => ({
      deploymentId: input.deployment,
      toInstance: input.toInstance,
      withData: input.withData ?? false,
    }),
    outcome: deploymentChange,
  },
  editComponentOverrides: {
    eventId: 'deployment-edit-component-overrides',
    severityLevel: 'medium',
    subjects: input => ({ deploymentId: input.id, component: input.component }),
    outcome: deploymentChange,
  },
  deleteDeployment: {
    eventId: 'deployment-delete',
    severityLevel: 'high',
    subjects: input => ({ deploymentId: input.id }),
    outcome: deploymentChange,
  },
  stopComponents: {
    eventId: 'deployment-stop-components',
    severityLevel: 'medium',
    subjects: componentsInput,
    outcome: deploymentTask,
  },
  startComponents: {
    eventId: 'deployment-start-components',
    severityLevel: 'medium',
    subjects: componentsInput,
    outcome: deploymentTask,
  },
  restartComponents: {
    eventId: 'deployment-restart-components',
    severityLevel: 'medium',
    subjects: componentsInput,
    outcome: deploymentTask,
  },
  runJob: {
    eventId: 'deployment-run-job',
    severityLevel: 'medium',
    subjects: jobInput,
    outcome: deploymentTask,
  },
};
