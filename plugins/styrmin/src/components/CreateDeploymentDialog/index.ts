export { CreateDeploymentDialog } from './CreateDeploymentDialog';
export type { CreateDeploymentDialogProps } from './CreateDeploymentDialog';
