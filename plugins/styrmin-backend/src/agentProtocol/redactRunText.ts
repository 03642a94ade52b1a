import {
  DriverSpec,
  PromptAnswers,
  redactSecrets,
  secretValuesOf,
  stepLines,
} from '@styrmin/plugin-styrmin-common';
import { ACTION_TOKEN_PATTERN } from '../actionTokens/actionToken';
import { TransactionOption } from '../database/TransactionOption';
import { isUuid } from '../database/uuid';
import { FlowRun } from '../flows/FlowRunStore';
import { Instance } from '../instances/InstanceStore';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { AgentCaller } from './authenticateAgent';

/**
 * An agent's words about a run (a step's error, a failed command's output, the run's
 * error) as every signed-in user may read them: the secret values of the instances the
 * run deals with (its own, and the deployment's two newest), the answers to the secret
 * prompts of its task, the token of the agent that reports, every action API token (by
 * its form: the server keeps only their hashes), and common forms of secrets replaced by
 * `<redacted>` (`redactSecrets`).
 *
 * @internal
 */
export async function runTextRedactor(
  deps: Pick<AgentProtocolDeps, 'instances' | 'tasks' | 'drivers'>,
  options: TransactionOption & {
    run: FlowRun;
    deploymentId: string;
    /** The agent that reports, if one does. */
    caller?: AgentCaller;
  },
): Promise<(text: string) => string> {
  const { tx, run, deploymentId, caller } = options;
  const instanceId = run.parameters.instanceId;
  const [own, newest, task] = await Promise.all([
    typeof instanceId === 'string' && isUuid(instanceId)
      ? deps.instances.getInstances({ tx, ids: [instanceId] })
      : Promise.resolve([] as Instance[]),
    deps.instances.listInstances({ tx, deploymentId, limit: 2 }),
    deps.tasks.getTaskOfFlowRun({ tx, flowRunId: run.id }),
  ]);
  const driver =
    task?.prompts && own[0]
      ? await deps.drivers.getDriverVersion({ tx, ...own[0].driver })
      : undefined;
  const secrets = [
    ...(caller ? [caller.token] : []),
    ...[...own, ...newest.instances].flatMap(instance =>
      secretValuesOf(instance.context),
    ),
    ...(driver && task?.prompts
      ? secretAnswers(driver.spec, task.prompts)
      : []),
  ];
  return text =>
    redactSecrets(text, { secrets }).replace(
      ACTION_TOKEN_PATTERN,
      '<redacted>',
    );
}

/** The answers to the prompts that the driver version types `secret`. */
function secretAnswers(driver: DriverSpec, answers: PromptAnswers): string[] {
  return driver.spec.actions.flatMap(action =>
    Object.entries(action.prompts)
      .filter(([, prompt]) => prompt.type === 'secret')
      .map(([name]) => answers[action.name]?.[name])
      .filter((answer): answer is string => typeof answer === 'string'),
  );
}

/**
 * A step's lines redacted as one text, so that a secret over several lines (a PEM key, one
 * line of it each) is found whole, then cut into lines again as a step keeps them.
 *
 * @internal
 */
export function redactLines(
  lines: readonly string[],
  redact: (text: string) => string,
): string[] {
  return stepLines(redact(lines.join('\n')).split('\n'));
}
