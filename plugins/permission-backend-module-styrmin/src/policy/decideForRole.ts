// The decision table lives in @styrmin/plugin-styrmin-common, so that the styrmin backend
// applies the same one to the service principals it maps to roles (styrmin.roles.services).
// decideForRole.test.ts beside this file is the table as a test.
export { decideForRole } from '@styrmin/plugin-styrmin-common';
