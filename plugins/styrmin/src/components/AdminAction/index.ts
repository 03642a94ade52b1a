export {
  AdminActionButton,
  missingPermissionReason,
} from './AdminActionButton';
export type { AdminActionButtonProps } from './AdminActionButton';
export { fieldErrorsOf, helperTextOf } from './fieldErrors';
