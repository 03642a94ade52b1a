import {
  AgentBackupStatusReport,
  AgentRestoreStatusReport,
  FlowName,
  JsonObject,
  TASK_TYPE_OF_FLOW,
} from '@styrmin/plugin-styrmin-common';
import { AgentFlowRun, AgentProtocol, AgentStep } from '@styrmin/sdk';
import { memoryLogger } from '../../__testUtils__/operatorSandbox';
import { VeleroReports } from '../backupFlowSteps';
import { ClaimedRun } from '../ClaimedRun';

/** A flow run of the planned steps, claimed from a server that keeps its steps in memory. */
export interface FakeRun {
  claimed: ClaimedRun;
  /** The steps as the server holds them, with their errors. */
  steps: Map<string, AgentStep & { error?: string }>;
  ended?: { state: string; error?: string };
  logger: ReturnType<typeof memoryLogger>;
  stop: AbortController;
}

/**
 * A claimed run of `flow` with `parameters` and the planned `steps`, over a fake agent
 * protocol that records the step reports and the run's end as the server would (attempts
 * counted, ends kept). Only what a flow's steps report goes through it: the flows' own
 * Kubernetes work runs for real against the sandbox.
 */
export function fakeRun(options: {
  flow: FlowName;
  parameters: JsonObject;
  steps: readonly string[];
  deploymentId: string;
  /** Steps that SUCCEEDED before this claim. */
  succeeded?: string[];
}): FakeRun {
  const steps = new Map<string, AgentStep & { error?: string }>(
    options.steps.map((name, position) => [
      `s${position}`,
      {
        id: `s${position}`,
        name,
        position,
        status: options.succeeded?.includes(name) ? 'SUCCEEDED' : 'PENDING',
        attempts: options.succeeded?.includes(name) ? 1 : 0,
      },
    ]),
  );
  const fake: FakeRun = {
    steps,
    logger: memoryLogger(),
    stop: new AbortController(),
  } as FakeRun;
  const step = (id: string) => steps.get(id)!;
  const protocol = {
    heartbeat: async () => ({ leaseExpiresAt: new Date().toISOString() }),
    startStep: async ({ stepId, stepAttempt }) => {
      steps.set(stepId, {
        ...step(stepId),
        status: 'RUNNING',
        attempts: stepAttempt,
      });
      return step(stepId);
    },
    endStep: async ({ stepId, status, error }) => {
      steps.set(stepId, { ...step(stepId), status, error });
      return step(stepId);
    },
    completeRun: async outcome => {
      fake.ended = { state: outcome.state, error: outcome.error };
      return {} as never;
    },
  } as Partial<AgentProtocol> as AgentProtocol;
  const run: AgentFlowRun = {
    id: 'run-1',
    flow: options.flow,
    parameters: options.parameters,
    attempt: 1,
    maxAttempts: 3,
    leaseExpiresAt: new Date(Date.now() + 60_000).toISOString(),
    leaseSeconds: 60,
    task: {
      id: 'task-1',
      type: TASK_TYPE_OF_FLOW[options.flow],
      deploymentId: options.deploymentId,
      steps: [...steps.values()],
    },
    deployment: {
      id: options.deploymentId,
      name: 'shop',
      namespace: `styrmin-${options.deploymentId}`,
      environment: { id: 'e1', name: 'dev' },
      cluster: { id: 'c1', name: 'sandbox' },
    },
    instance: null,
    driverVersion: null,
  };
  fake.claimed = ClaimedRun.hold({
    client: protocol,
    run,
    owner: 'agent-test',
    logger: fake.logger,
    stopSignal: fake.stop.signal,
    retryDelayMs: 1,
  });
  return fake;
}

/** Reports of Velero's objects as the server would take them, kept in order. */
export function recordingReports(): VeleroReports & {
  backups: (AgentBackupStatusReport & { backupId: string })[];
  restores: (AgentRestoreStatusReport & { restoreId: string })[];
} {
  const backups: (AgentBackupStatusReport & { backupId: string })[] = [];
  const restores: (AgentRestoreStatusReport & { restoreId: string })[] = [];
  return {
    backups,
    restores,
    backup: async (backupId, report) => {
      backups.push({ backupId, ...report });
    },
    restore: async (restoreId, report) => {
      restores.push({ restoreId, ...report });
    },
  };
}
