/**
 * A Styrmin role, weakest first: a user listed under several holds the strongest.
 *
 * @public
 */
export const STYRMIN_ROLES = [
  'none',
  'readOnly',
  'operator',
  'administrator',
] as const;

/** @public */
export type StyrminRole = (typeof STYRMIN_ROLES)[number];

export function strongestRole(roles: Iterable<StyrminRole>): StyrminRole {
  let strongest: StyrminRole = 'none';
  for (const role of roles) {
    if (STYRMIN_ROLES.indexOf(role) > STYRMIN_ROLES.indexOf(strongest)) {
      strongest = role;
    }
  }
  return strongest;
}
