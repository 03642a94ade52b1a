export { UpgradeEnvironmentDialog } from './UpgradeEnvironmentDialog';
export type { UpgradeEnvironmentDialogProps } from './UpgradeEnvironmentDialog';
