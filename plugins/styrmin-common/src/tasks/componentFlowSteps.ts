/**
 * The one step of STOP_COMPONENTS, START_COMPONENTS and RESTART_COMPONENTS: the components
 * that the flow run names go into (or out of) the StyrminDeployment resource's stopped
 * components, and the step ends when the operator has scaled them; or their restart goes
 * into it, and the step ends when their workloads have replaced their pods.
 *
 * @public
 */
export const COMPONENT_FLOW_STEPS = {
  STOP_COMPONENTS: 'Stop the components',
  START_COMPONENTS: 'Start the components',
  RESTART_COMPONENTS: 'Restart the components',
} as const;

/**
 * The flows that stop, start or restart components of a deployment.
 *
 * @public
 */
export type ComponentFlow = keyof typeof COMPONENT_FLOW_STEPS;

/**
 * Whether a flow stops, starts or restarts components.
 *
 * @public
 */
export function isComponentFlow(flowName: string): flowName is ComponentFlow {
  return Object.hasOwn(COMPONENT_FLOW_STEPS, flowName);
}
