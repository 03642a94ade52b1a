export {
  VeleroBackupPhaseChip,
  VeleroRestorePhaseChip,
} from './VeleroPhaseChips';
