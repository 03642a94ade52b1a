import { createPermission } from '@backstage/plugin-permission-common';

/**
 * Reading application drivers and their versions: the specification, the digest, where a
 * version was loaded from and by whom. Every role has it.
 *
 * @public
 */
export const styrminDriverReadPermission = createPermission({
  name: 'styrmin.driver.read',
  attributes: { action: 'read' },
});

/**
 * Loading an application driver version, from a git repository, from files a client
 * sends, or from a directory on the server's machine. A loaded version is immutable and
 * every deployment step comes from it, so the role policy grants this to administrators
 * only.
 *
 * @public
 */
export const styrminDriverLoadPermission = createPermission({
  name: 'styrmin.driver.load',
  attributes: { action: 'create' },
});
