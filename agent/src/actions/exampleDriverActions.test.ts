/* eslint-disable @backstage/no-relative-monorepo-imports -- drivers/ is no package: these imports are what type-checks the example drivers' actions */
import * as infrahub100Upgrade from '../../../drivers/infrahub/1.0.0/actions/upgrade';
import * as infrahub100Verify from '../../../drivers/infrahub/1.0.0/actions/verify';
import * as infrahub110Upgrade from '../../../drivers/infrahub/1.1.0/actions/upgrade';
import * as infrahub110Verify from '../../../drivers/infrahub/1.1.0/actions/verify';
import * as semaphore100Check from '../../../drivers/semaphore/1.0.0/actions/checkInfrahub.mjs';
/* eslint-enable @backstage/no-relative-monorepo-imports */
import { exampleBundle } from '../__testUtils__/exampleBundles';
import { ActionArguments } from './ActionPrimitives';

/**
 * What the agent calls an action with. Each example module below must be a map of such
 * functions, or `yarn tsc` fails: an action that reads a part of the context the context
 * lacks, or calls a primitive the agent does not have or with other arguments, does not
 * type-check against ActionPrimitives.ts.
 */
type Action = (args: ActionArguments<any>) => Promise<unknown>;

/** Every action module of the example drivers, by driver version and module path. */
const EXAMPLE_ACTIONS: Record<
  string,
  Record<string, Record<string, Action>>
> = {
  'infrahub/1.0.0': {
    'actions/upgrade.ts': infrahub100Upgrade,
    'actions/verify.ts': infrahub100Verify,
  },
  'infrahub/1.1.0': {
    'actions/upgrade.ts': infrahub110Upgrade,
    'actions/verify.ts': infrahub110Verify,
  },
  'semaphore/1.0.0': { 'actions/checkInfrahub.mjs': semaphore100Check },
};

describe("the example drivers' actions", () => {
  it.each(Object.keys(EXAMPLE_ACTIONS))(
    '%s: each action its spec declares is type-checked against the action primitives',
    async driverVersion => {
      const { spec } = (await exampleBundle(driverVersion)).spec;
      const declared = spec.actions.map(
        a => `${a.function.module}#${a.function.export}`,
      );
      const checked = Object.entries(EXAMPLE_ACTIONS[driverVersion]).flatMap(
        ([module, exports]) =>
          Object.entries(exports)
            .filter(([, value]) => typeof value === 'function')
            .map(([name]) => `${module}#${name}`),
      );
      expect(declared.length).toBeGreaterThan(0);
      expect(checked).toEqual(expect.arrayContaining(declared));
    },
  );
});
