import { ActionsRegistryActionOptions } from '@backstage/backend-plugin-api/alpha';
import { AnyZodObject, z } from 'zod/v3';

/**
 * One of Styrmin's operations as a Backstage action: its name (the action's id is
 * `styrmin:<name>`), what the registry shows, its zod schemas, and the GraphQL operation it
 * runs with the caller's credentials. `variables` turns the input into the operation's
 * variables (the input itself when absent); `output` picks the action's output from the
 * operation's data.
 *
 * @internal
 */
export type StyrminAction<
  TInput extends AnyZodObject = AnyZodObject,
  TOutput extends AnyZodObject = AnyZodObject,
> = Omit<ActionsRegistryActionOptions<TInput, TOutput>, 'action'> & {
  /** The GraphQL document of the operation, with one operation. */
  document: string;
  variables?: (input: z.infer<TInput>) => Record<string, unknown>;
  output: (data: any) => z.infer<TOutput>;
};

/**
 * Keeps an action's types checked where it is written, and erases them for the list that
 * the registration and the reference generator walk.
 *
 * @internal
 */
export function styrminAction<
  TInput extends AnyZodObject,
  TOutput extends AnyZodObject,
>(action: StyrminAction<TInput, TOutput>): StyrminAction {
  return action as unknown as StyrminAction;
}
