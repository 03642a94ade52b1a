/**
 * What `executeCommands` runs: shell commands, in order, in a Job whose pod runs the
 * component container's image and environment.
 *
 * @public
 */
export interface ExecuteCommandsOptions {
  component: string;
  commands: string[];
  /** How long the Job may run; default 600 s. */
  timeoutSeconds?: number;
}

/**
 * The action primitives, as an action receives them (`primitives` of its one argument;
 * drivers/infrahub/1.0.0/actions/api.ts declares the same shape for driver authors). Each
 * records its work on the hook step that runs the action.
 *
 * @public
 */
export interface ActionPrimitives {
  /** Scales the components to 0 pods (their replica overrides are kept) and waits. */
  stopComponents(components: string[]): Promise<void>;
  /** Scales the components back to their replica count and waits until they are ready. */
  startComponents(components: string[]): Promise<void>;
  /** Runs the commands in the deployment's action Job and resolves with their output. */
  executeCommands(options: ExecuteCommandsOptions): Promise<{ output: string }>;
}
