import { KubeConfig } from '@kubernetes/client-node';
import {
  COMPONENT_FLOW_STEPS,
  ComponentFlow,
} from '@styrmin/plugin-styrmin-common';
import { StyrminDeploymentClient } from '../cluster/StyrminDeploymentClient';
import { ClaimedRun } from './ClaimedRun';
import { restartComponents } from './restartComponents';
import { FlowStepRunners } from './StepRunner';
import { switchComponents } from './switchComponents';

/** @public */
export interface ComponentFlowDeps {
  run: ClaimedRun;
  kubeConfig: KubeConfig;
  deployments: StyrminDeploymentClient;
  pollIntervalMs?: number;
}

/**
 * The one step of STOP_COMPONENTS, START_COMPONENTS and RESTART_COMPONENTS: the run's
 * components go into (or out of) the StyrminDeployment resource's stopped components, and
 * the step waits until the operator has scaled them (switchComponents); or their restart
 * is recorded in it, and the step waits until their workloads have rolled out new pods
 * (restartComponents).
 */
export function componentFlowSteps(
  context: ComponentFlowDeps,
): FlowStepRunners {
  const { run } = context;
  const flow = run.run.flow as ComponentFlow;
  const options = {
    kubeConfig: context.kubeConfig,
    deployments: context.deployments,
    deploymentId: run.run.deployment.id,
    components: run.run.components ?? [],
    pollIntervalMs: context.pollIntervalMs,
  };
  return name =>
    name === COMPONENT_FLOW_STEPS[flow]
      ? {
          run: signal =>
            flow === 'RESTART_COMPONENTS'
              ? restartComponents({ ...options, signal })
              : switchComponents({
                  ...options,
                  to: flow === 'STOP_COMPONENTS' ? 'stopped' : 'started',
                  signal,
                }),
        }
      : undefined;
}
