import {
  ApiException,
  AppsV1Api,
  BatchV1Api,
  CoreV1Api,
  KubeConfig,
  V1Container,
  V1Job,
  V1Pod,
} from '@kubernetes/client-node';
import { createHash } from 'node:crypto';
import { componentPodTemplate } from '../cluster/componentPodTemplate';
import { sleep } from '../cluster/sleep';
import { describeError } from '../logging/describeError';
import { helmReleaseName } from '../styrminDeployment/helmRelease';
import { DEPLOYMENT_ID_LABEL } from '../styrminDeployment/labels';
import { StyrminDeploymentSpec } from '../styrminDeployment/StyrminDeployment';
import { ExecuteCommandsOptions } from './ActionPrimitives';

/**
 * Marks the deployment's action Jobs, which Styrmin made by these rules; a Job of the name
 * without it is not Styrmin's, and is never deleted.
 */
export const ACTION_JOB_LABEL = 'styrmin.io/action-job';
/** What made an action Job: a driver action (`action`) or a run_job task (`run-job`). */
export const JOB_KIND_LABEL = 'styrmin.io/job-kind';
/** The task whose step created an action Job. */
export const TASK_ID_LABEL = 'styrmin.io/task-id';
/** What an action Job runs, so that a step run again after a restart knows its own Job. */
const COMMANDS_DIGEST_ANNOTATION = 'styrmin.io/commands-digest';

const DEFAULT_TIMEOUT_SECONDS = 600;
/** How long past its deadline a Job may take to report that it failed. */
const DEADLINE_SLACK_MS = 60_000;

/**
 * The commands ran and one failed, or the Job could not run them. `output` is what the
 * Job's pod printed, whose end the hook step keeps.
 *
 * @public
 */
export class CommandsFailedError extends Error {
  name = 'CommandsFailedError' as const;
  readonly output?: string;

  constructor(message: string, options: { output?: string } = {}) {
    super(message);
    this.output = options.output;
  }
}

/**
 * Who runs the commands: a driver action's `executeCommands`, or a run_job task (a user's
 * `styrminctl deployments run-job`).
 *
 * @public
 */
export type ActionJobKind = 'action' | 'run-job';

const KIND_WORDS: Record<ActionJobKind, string> = {
  action: 'an earlier action',
  'run-job': 'an earlier run_job task',
};

/** @public */
export interface ExecuteCommandsDeps {
  kubeConfig: KubeConfig;
  /** The spec of the deployment's StyrminDeployment: its namespace, release and components. */
  spec: StyrminDeploymentSpec;
  /** The task whose step runs the commands. */
  taskId: string;
  /** Default `action`. */
  kind?: ActionJobKind;
  signal: AbortSignal;
  /** A line for the hook step, e.g. the Job that was deleted to make room. */
  note(line: string): void;
  pollIntervalMs?: number;
}

const isNotFound = (error: unknown) =>
  error instanceof ApiException && error.code === 404;

function ended(job: V1Job): 'Complete' | 'Failed' | undefined {
  const conditions = job.status?.conditions ?? [];
  const has = (...types: string[]) =>
    conditions.some(c => types.includes(c.type) && c.status === 'True');
  if (has('Complete', 'SuccessCriteriaMet')) {
    return 'Complete';
  }
  return has('Failed', 'FailureTarget') ? 'Failed' : undefined;
}

/**
 * The `executeCommands` primitive, by the rules of the Driver API (docs/driver-api.md): the
 * commands run in order (`set -e`: the first that fails ends them) in a Job named
 * `<release>-job` in the deployment's namespace, labelled `styrmin.io/action-job=true`,
 * whose one pod runs the component container's image and environment as the component's
 * workload has them now (overrides included) and is not retried, so the Job ends at its
 * first failed pod. The Job stays after it ends. A Job of that name that has ended is
 * deleted with its pods first, and the step notes it; one that still runs, or one that no
 * action made, fails the call and nothing is deleted. One exception: a Job that still runs
 * the same commands for the same task is this step's own, from before the agent restarted,
 * and the call waits for it rather than run the commands a second time.
 *
 * A run_job task runs its command by the same rules in the same Job, labelled
 * `styrmin.io/job-kind=run-job` instead of `action`: it is the deployment's action Job all
 * the same, so that a job and an action exclude each other while one runs and each deletes
 * the other's ended Job. Were a run_job Job foreign to actions, one job run by a user would
 * fail every later upgrade action of the deployment until someone deleted it by hand.
 *
 * The deletion is conditional on the uid that was read (DeleteOptions' preconditions): a
 * Job that someone re-created between the read and the delete is not deleted, and the call
 * fails.
 *
 * @public
 */
export async function executeCommands(
  context: ExecuteCommandsDeps,
  options: ExecuteCommandsOptions,
): Promise<{ output: string }> {
  const { kubeConfig, spec } = context;
  if (options.commands.length === 0) {
    throw new CommandsFailedError('executeCommands needs at least one command');
  }
  const api: JobApi = {
    batch: kubeConfig.makeApiClient(BatchV1Api),
    core: kubeConfig.makeApiClient(CoreV1Api),
    namespace: spec.context.deployment.namespace,
    name: `${helmReleaseName(spec)}-job`,
    pollMs: context.pollIntervalMs ?? 500,
    signal: context.signal,
  };
  const ref = `${api.namespace}/${api.name}`;
  const timeoutSeconds = options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;

  const template = await componentPodTemplate(
    kubeConfig.makeApiClient(AppsV1Api),
    spec,
    options.component,
  );
  const container = template.spec?.containers.find(
    c => c.name === spec.components[options.component].container,
  );
  if (!container) {
    throw new CommandsFailedError(
      `Component ${options.component} has no component container to take the image and environment from`,
    );
  }
  const commandsContainer: V1Container = {
    name: container.name,
    image: container.image,
    env: container.env,
    envFrom: container.envFrom,
    command: ['/bin/sh', '-c', ['set -e', ...options.commands].join('\n')],
  };
  const commandsDigest = createHash('sha256')
    .update(JSON.stringify(commandsContainer))
    .digest('hex');

  let job = await readJob(api);
  if (
    job &&
    !ended(job) &&
    job.metadata?.labels?.[TASK_ID_LABEL] === context.taskId &&
    job.metadata?.annotations?.[COMMANDS_DIGEST_ANNOTATION] === commandsDigest
  ) {
    context.note(`Waits for Job ${ref}, which this step started before`);
  } else {
    if (job) {
      await deleteEndedJob(api, job);
      // A Job without the kind is an action's, from before run_job tasks had their own.
      const kind =
        job.metadata?.labels?.[JOB_KIND_LABEL] === 'run-job'
          ? 'run-job'
          : 'action';
      context.note(`Deleted Job ${ref}, which ${KIND_WORDS[kind]} left`);
    }
    const labels = {
      [ACTION_JOB_LABEL]: 'true',
      [JOB_KIND_LABEL]: context.kind ?? 'action',
      [DEPLOYMENT_ID_LABEL]: spec.context.deployment.id,
      [TASK_ID_LABEL]: context.taskId,
    };
    try {
      job = await api.batch.createNamespacedJob({
        namespace: api.namespace,
        body: {
          metadata: {
            name: api.name,
            namespace: api.namespace,
            labels,
            annotations: { [COMMANDS_DIGEST_ANNOTATION]: commandsDigest },
          },
          spec: {
            backoffLimit: 0,
            activeDeadlineSeconds: timeoutSeconds,
            template: {
              metadata: { labels },
              spec: {
                restartPolicy: 'Never',
                containers: [commandsContainer],
                imagePullSecrets: template.spec?.imagePullSecrets,
                serviceAccountName: template.spec?.serviceAccountName,
              },
            },
          },
        },
      });
    } catch (error) {
      if (error instanceof ApiException && error.code === 409) {
        throw new CommandsFailedError(
          `Job ${ref} of another action was created meanwhile; nothing was deleted`,
        );
      }
      throw error;
    }
  }

  const deadline = Date.now() + timeoutSeconds * 1000 + DEADLINE_SLACK_MS;
  let outcome = ended(job);
  while (!outcome) {
    if (Date.now() > deadline) {
      throw new CommandsFailedError(
        `Job ${ref} did not end within ${timeoutSeconds} s`,
        { output: await outputOf(api, job, container.name) },
      );
    }
    await sleep(api.pollMs, api.signal);
    job = (await readJob(api)) ?? job;
    outcome = ended(job);
  }
  const output = await outputOf(api, job, container.name);
  if (outcome === 'Failed') {
    const failed = job.status?.conditions?.find(
      c => c.type === 'Failed' || c.type === 'FailureTarget',
    );
    throw new CommandsFailedError(
      `The commands failed in Job ${ref}: ${
        failed?.message ?? failed?.reason ?? 'its pod failed'
      }`,
      { output },
    );
  }
  return { output };
}

/** The action Job of one deployment, and how to wait for it. */
interface JobApi {
  batch: BatchV1Api;
  core: CoreV1Api;
  namespace: string;
  name: string;
  pollMs: number;
  signal: AbortSignal;
}

/**
 * Makes room for a new Job: deletes the one of the name with its pods, and waits until
 * they are gone, if an action made it and it has ended; refuses otherwise.
 */
async function deleteEndedJob(api: JobApi, existing: V1Job): Promise<void> {
  const ref = `${api.namespace}/${api.name}`;
  if (existing.metadata?.labels?.[ACTION_JOB_LABEL] !== 'true') {
    throw new CommandsFailedError(
      `Job ${ref} exists and no driver action created it; it is left alone`,
    );
  }
  if (!ended(existing)) {
    throw new CommandsFailedError(
      `Job ${ref} of another action still runs; nothing was deleted`,
    );
  }
  const uid = existing.metadata!.uid!;
  try {
    await api.batch.deleteNamespacedJob({
      name: api.name,
      namespace: api.namespace,
      body: { preconditions: { uid }, propagationPolicy: 'Background' },
    });
  } catch (error) {
    if (error instanceof ApiException && error.code === 409) {
      throw new CommandsFailedError(
        `Job ${ref} was replaced after it was read; the new one is left alone`,
      );
    }
    if (!isNotFound(error)) {
      throw error;
    }
  }
  const stillThere = async () =>
    (await readJob(api))?.metadata?.uid === uid ||
    (await podsOf(api, uid)).length > 0;
  while (await stillThere()) {
    await sleep(api.pollMs, api.signal);
  }
}

async function readJob(api: JobApi): Promise<V1Job | undefined> {
  try {
    return await api.batch.readNamespacedJob({
      name: api.name,
      namespace: api.namespace,
    });
  } catch (error) {
    if (isNotFound(error)) {
      return undefined;
    }
    throw error;
  }
}

async function podsOf(api: JobApi, jobUid: string): Promise<V1Pod[]> {
  const pods = await api.core.listNamespacedPod({
    namespace: api.namespace,
    labelSelector: `batch.kubernetes.io/controller-uid=${jobUid}`,
  });
  return pods.items;
}

/** What the Job's (last) pod printed; empty when there is no pod or no log to read. */
async function outputOf(
  api: JobApi,
  job: V1Job,
  container: string,
): Promise<string> {
  const pods = await podsOf(api, job.metadata!.uid!);
  const pod = pods.sort((a, b) =>
    String(a.metadata?.creationTimestamp).localeCompare(
      String(b.metadata?.creationTimestamp),
    ),
  )[pods.length - 1];
  if (!pod) {
    return '';
  }
  try {
    return await api.core.readNamespacedPodLog({
      name: pod.metadata!.name!,
      namespace: api.namespace,
      container,
    });
  } catch (error) {
    return `(the output of pod ${
      pod.metadata!.name
    } cannot be read: ${describeError(error)})`;
  }
}
