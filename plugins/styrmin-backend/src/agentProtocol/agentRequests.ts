import { InputError } from '@backstage/errors';
import {
  COMPONENT_FLOW_STEPS,
  ComponentFlow,
  OUTPUT_TAIL_MAX_BYTES,
  OUTPUT_TAIL_MAX_LINES,
  outputTail,
  STEP_LINE_MAX_LENGTH,
  STEP_LINES_MAX,
  stepLines,
} from '@styrmin/plugin-styrmin-common';
import { z } from 'zod/v4';
import { PayloadTooLargeError } from './PayloadTooLargeError';

/*
 * The request bodies of the agent protocol (docs/agent-protocol.md). Fields that v1 does
 * not know are dropped, so that newer agents may send more. The strings are bounded here
 * only loosely (the body is at most 1 MiB); the bounds that the protocol documents are
 * checked after parsing, so that going over them is 413 rather than 400.
 */

/** The longest claim wait, in seconds. */
export const AGENT_CLAIM_MAX_WAIT_SECONDS = 30;

/** The most bytes of a step's or a run's error. */
export const AGENT_ERROR_MAX_BYTES = 16 * 1024;

/** The most bytes of a DeploymentStatus, as JSON. */
export const DEPLOYMENT_STATUS_MAX_BYTES = 64 * 1024;

/** The most pods in one status report. */
export const MAX_PODS_PER_REPORT = 1000;

const Owner = z.string().regex(/^\S{1,200}$/, {
  error: 'Must be 1 to 200 characters without spaces',
});

const Lease = {
  owner: Owner,
  attempt: z.int().min(1),
};

const IsoTimestamp = z.iso.datetime({ offset: true });

/** `POST /claim` */
export const ClaimRequest = z.object({
  owner: Owner,
  waitSeconds: z.number().min(0).max(AGENT_CLAIM_MAX_WAIT_SECONDS).default(0),
});

/** `POST /runs/:runId/heartbeat` */
export const HeartbeatRequest = z.object(Lease);

/** `POST /runs/:runId/steps/:stepId/start` */
export const StartStepRequest = z.object({
  ...Lease,
  stepAttempt: z.int().min(1),
});

/** `POST /runs/:runId/steps/:stepId/end` */
export const EndStepRequest = z
  .object({
    ...Lease,
    stepAttempt: z.int().min(1),
    status: z.enum(['SUCCEEDED', 'FAILED']),
    error: z.string().min(1).optional(),
    outputTail: z.string().optional(),
    lines: z.array(z.string()).optional(),
  })
  .refine(body => body.status === 'SUCCEEDED' || body.error !== undefined, {
    error: 'A step that FAILED needs its error',
    path: ['error'],
  })
  .refine(body => body.status === 'FAILED' || body.error === undefined, {
    error: 'Only a step that FAILED has an error',
    path: ['status'],
  });

/** `POST /runs/:runId/steps/:stepId/action-token` */
export const ActionTokenRequest = z.object({
  ...Lease,
  stepAttempt: z.int().min(1),
});

/** `POST /runs/:runId/steps/:stepId/links` */
export const LinkStartedTaskRequest = z.object({
  ...Lease,
  taskId: z.string().min(1).max(64),
});

const StartedBy = {
  ...Lease,
  stepAttempt: z.int().min(1),
  call: z.int().min(0).max(10_000),
};

/**
 * `POST /runs/:runId/steps/:stepId/tasks`: a component flow's task (each flow of
 * COMPONENT_FLOW_STEPS), an upgrade, or a restore point's backup or restore. The prompts'
 * answers are checked as an upgrade's.
 */
export const StartTaskRequest = z.discriminatedUnion('flow', [
  z.object({
    ...StartedBy,
    flow: z.enum(
      Object.keys(COMPONENT_FLOW_STEPS) as [ComponentFlow, ...ComponentFlow[]],
    ),
    components: z.array(z.string().min(1).max(63)).max(100),
  }),
  z.object({
    ...StartedBy,
    flow: z.literal('UPGRADE_INSTANCE'),
    driverVersion: z.string().min(1).max(64),
    prompts: z.record(z.string(), z.record(z.string(), z.any())).optional(),
  }),
  z.object({ ...StartedBy, flow: z.literal('CREATE_BACKUP') }),
  z.object({ ...StartedBy, flow: z.literal('RESTORE_BACKUP') }),
]);

/** A request without a body (`GET`): whatever comes is ignored. */
export const NoBody = z.object({});

/** `POST /runs/:runId/complete` */
export const CompleteRunRequest = z
  .object({
    ...Lease,
    state: z.enum(['SUCCEEDED', 'FAILED']),
    error: z.string().min(1).optional(),
  })
  .refine(body => body.state === 'SUCCEEDED' || body.error !== undefined, {
    error: 'A run that FAILED needs its error',
    path: ['error'],
  });

const PodStatusReport = z.object({
  name: z.string().min(1).max(253),
  phase: z.enum(['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown']),
  ready: z.boolean(),
  restarts: z.int().min(0).max(2_147_483_647),
  startedAt: IsoTimestamp.optional(),
  component: z.string().min(1).max(63).optional(),
  reason: z.string().max(1024).optional(),
});

/** `PUT /deployments/:deploymentId/status` */
export const DeploymentStatusRequest = z.object({
  observedAt: IsoTimestamp,
  status: z.record(z.string(), z.json()),
  pods: z
    .array(PodStatusReport)
    .refine(pods => new Set(pods.map(pod => pod.name)).size === pods.length, {
      error: 'Pod names must be unique',
    }),
});

/**
 * Parses a request body; a body that breaks the rules is an InputError (400) that names
 * every problem.
 */
export function parseRequest<T extends z.ZodType>(
  schema: T,
  body: unknown,
): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    throw new InputError(
      `Invalid request: ${result.error.issues
        .map(
          issue =>
            `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${
              issue.message
            }`,
        )
        .join('; ')}`,
    );
  }
  return result.data;
}

/** Refuses an error longer than {@link AGENT_ERROR_MAX_BYTES}. */
export function checkErrorSize(error: string | undefined): void {
  if (error !== undefined && utf8Bytes(error) > AGENT_ERROR_MAX_BYTES) {
    throw new PayloadTooLargeError(
      `The error is ${utf8Bytes(
        error,
      )} bytes long; at most ${AGENT_ERROR_MAX_BYTES} are accepted`,
    );
  }
}

/**
 * Refuses an output tail that is more than the end a step keeps (the last
 * {@link OUTPUT_TAIL_MAX_LINES} lines, at most {@link OUTPUT_TAIL_MAX_BYTES} bytes): the
 * agent cuts it with `outputTail`, the server does not guess which end matters.
 */
export function checkOutputTail(tail: string | undefined): void {
  if (tail !== undefined && outputTail(tail) !== tail) {
    throw new PayloadTooLargeError(
      `The output tail is longer than the last ${OUTPUT_TAIL_MAX_LINES} lines and ` +
        `${OUTPUT_TAIL_MAX_BYTES} bytes that a step keeps; cut it with outputTail()`,
    );
  }
}

/**
 * Refuses lines that a step does not keep as they are: more than {@link STEP_LINES_MAX},
 * one longer than {@link STEP_LINE_MAX_LENGTH} characters, an empty one or one with a line
 * break. The agent cuts them with `stepLines`, as it cuts an output tail.
 */
export function checkStepLines(lines: string[] | undefined): void {
  if (lines === undefined) {
    return;
  }
  const kept = stepLines(lines);
  if (kept.length === lines.length && kept.every((l, i) => l === lines[i])) {
    return;
  }
  throw new PayloadTooLargeError(
    `A step keeps at most ${STEP_LINES_MAX} lines of at most ${STEP_LINE_MAX_LENGTH} ` +
      'characters each, none empty and none with a line break; cut them with stepLines()',
  );
}

/** Refuses a report over the bounds of a DeploymentStatus and its pods. */
export function checkStatusReportSize(report: {
  status: unknown;
  pods: unknown[];
}): void {
  const statusBytes = utf8Bytes(JSON.stringify(report.status));
  if (statusBytes > DEPLOYMENT_STATUS_MAX_BYTES) {
    throw new PayloadTooLargeError(
      `The status is ${statusBytes} bytes of JSON; at most ${DEPLOYMENT_STATUS_MAX_BYTES} are accepted`,
    );
  }
  if (report.pods.length > MAX_PODS_PER_REPORT) {
    throw new PayloadTooLargeError(
      `The report lists ${report.pods.length} pods; at most ${MAX_PODS_PER_REPORT} are accepted`,
    );
  }
}

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
