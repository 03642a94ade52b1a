export { CloneEnvironmentDialog } from './CloneEnvironmentDialog';
export type { CloneEnvironmentDialogProps } from './CloneEnvironmentDialog';
