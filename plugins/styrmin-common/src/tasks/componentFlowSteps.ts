/**
 * The one step of STOP_COMPONENTS and of START_COMPONENTS: the components that the flow run
 * names go into (or out of) the StyrminDeployment resource's stopped components, and the
 * step ends when the operator has scaled them.
 *
 * @public
 */
export const COMPONENT_FLOW_STEPS = {
  STOP_COMPONENTS: 'Stop the components',
  START_COMPONENTS: 'Start the components',
} as const;

/**
 * The flows that stop or start components of a deployment.
 *
 * @public
 */
export type ComponentFlow = keyof typeof COMPONENT_FLOW_STEPS;

/**
 * Whether a flow stops or starts components.
 *
 * @public
 */
export function isComponentFlow(flowName: string): flowName is ComponentFlow {
  return Object.hasOwn(COMPONENT_FLOW_STEPS, flowName);
}
