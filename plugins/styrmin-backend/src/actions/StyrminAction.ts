import { ActionsRegistryActionOptions } from '@backstage/backend-plugin-api/alpha';
import { AnyZodObject, z } from 'zod/v3';

/** The registry's options of an action, over its own copy of zod's types. */
type RegistryActionOptions = ActionsRegistryActionOptions<any, any>;

/**
 * One of Styrmin's operations as a Backstage action: its name (the action's id is
 * `styrmin:<name>`), what the registry shows, its zod schemas, and the GraphQL operation it
 * runs with the caller's credentials. `variables` turns the input into the operation's
 * variables (the input itself when absent); `output` picks the action's output from the
 * operation's data.
 *
 * The schemas are typed with this plugin's zod, not the registry's: the registry's types
 * come from another copy of zod (zod 4's `zod/v3`), and checking each action's schemas
 * against them took tsc past 4 GB of memory. The registration hands them over once, cast
 * (`toRegistrySchema`); at run time both copies speak the same zod 3 API.
 *
 * @internal
 */
export type StyrminAction = Omit<
  RegistryActionOptions,
  'action' | 'schema' | 'examples'
> & {
  schema: {
    input: (zod: typeof z) => AnyZodObject;
    output: (zod: typeof z) => AnyZodObject;
  };
  /**
   * The GraphQL document of the operation, with one operation; or which document, by the
   * input (plan-change plans an edit or an upgrade).
   */
  document: string | ((input: any) => string);
  variables?: (input: any) => Record<string, unknown>;
  output: (data: any) => unknown;
};

/** Writes an action; its type checks the fields. @internal */
export function styrminAction(action: StyrminAction): StyrminAction {
  return action;
}

/** An action's schemas as the registry types them (see {@link StyrminAction}). @internal */
export function toRegistrySchema(
  schema: StyrminAction['schema'],
): RegistryActionOptions['schema'] {
  return schema as unknown as RegistryActionOptions['schema'];
}
