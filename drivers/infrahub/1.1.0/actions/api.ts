/**
 * What the Styrmin agent hands an action when it runs it. Declared here, types only, so
 * that the driver needs nothing outside its own directory.
 */
export interface ActionArguments<Prompts = Record<string, never>> {
  /** The context of the instance being deployed. */
  context: InfrahubContext;
  /** The answers to the action's prompts. */
  prompts: Prompts;
  primitives: ActionPrimitives;
  /** Aborted when the flow run is cancelled. */
  signal: AbortSignal;
}

/** The parts of the context these actions read. */
export interface InfrahubContext {
  deployment: { id: string; name: string; namespace: string };
  app: { version: string };
  environment: {
    deployments: Record<
      string,
      { services: Record<string, { host: string; port: number; url: string }> }
    >;
  };
}

/** The action primitives; each records its work on the hook step that runs the action. */
export interface ActionPrimitives {
  /** Scales the components to 0 pods and waits until they are gone; links its task. */
  stopComponents(components: string[]): Promise<void>;
  /** Scales the components back to their replica count and waits until they are ready. */
  startComponents(components: string[]): Promise<void>;
  /**
   * Runs shell commands, in order, in a Job whose pod runs the component container's image
   * and environment. The Job ends at its first failed pod; its output's end goes on the
   * hook step, so print no secrets.
   */
  executeCommands(options: {
    component: string;
    commands: string[];
    timeoutSeconds?: number;
  }): Promise<{ output: string }>;
}
