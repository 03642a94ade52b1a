export { RestoreEnvironmentDialog } from './RestoreEnvironmentDialog';
export type { RestoreEnvironmentDialogProps } from './RestoreEnvironmentDialog';
