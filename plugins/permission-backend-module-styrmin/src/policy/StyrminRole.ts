// The roles live in @styrmin/plugin-styrmin-common, so that the styrmin backend applies the
// same ones to the service principals it maps to roles (styrmin.roles.services).
export {
  STYRMIN_ROLES,
  strongestRole,
  type StyrminRole,
} from '@styrmin/plugin-styrmin-common';
