import { defineDomainEnum } from './domainEnum';

/**
 * A point in the deployment lifecycle at which a driver's actions run.
 *
 * @public
 */
export const Hook = defineDomainEnum('hook', {
  setup: 'Runs when a deployment is created.',
  upgrade: 'Runs when a deployment is upgraded.',
});

/** @public */
export type Hook = (typeof Hook.values)[number];

/**
 * The phase within a hook. The modes run in the order listed; the order of the actions
 * inside one mode is not defined.
 *
 * @public
 */
export const Mode = defineDomainEnum('mode', {
  pre: 'Runs first, before the StyrminDeployment resource changes.',
  core: 'Runs after the StyrminDeployment resource is written.',
  post: 'Runs last, once the operator has reconciled the resource.',
});

/** @public */
export type Mode = (typeof Mode.values)[number];

/**
 * Orders modes as they run: negative when `a` runs before `b`.
 *
 * @public
 */
export function compareModes(a: Mode, b: Mode): number {
  return Mode.values.indexOf(a) - Mode.values.indexOf(b);
}
