export { ActionButtons } from './ActionButtons';
export type { ActionButton } from './ActionButtons';
export { permissionReason } from './permissionReason';
export type { Permission } from './permissionReason';
export { useButtonCall } from './useButtonCall';
export type { ButtonCall } from './useButtonCall';
