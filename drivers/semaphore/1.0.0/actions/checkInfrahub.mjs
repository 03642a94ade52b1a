// @ts-check

/**
 * Checks, from a pod of the server component, that Semaphore reaches the Infrahub server
 * its playbooks read from. The address is the one the values template passed to the chart.
 *
 * @param {{
 *   primitives: {
 *     executeCommands(options: { component: string; commands: string[]; timeoutSeconds?: number }): Promise<{ output: string }>;
 *   };
 * }} args What the Styrmin agent hands an action.
 */
export async function checkInfrahub({ primitives }) {
  await primitives.executeCommands({
    component: 'server',
    timeoutSeconds: 120,
    // The token stays in the environment: the output of these commands is shown on the step.
    commands: [
      'wget -q -O /dev/null --header "X-INFRAHUB-KEY: $INFRAHUB_API_TOKEN" "$INFRAHUB_ADDRESS/api/config"',
    ],
  });
}
