import {
  ContextChange,
  DeploymentConfiguration,
  GlobalContext,
} from '@styrmin/plugin-styrmin-common';
import { DriverVersionRef } from '../deployments/DeploymentStore';

/**
 * An instance: a fixed record of what was generated for a deployment at one change, with
 * the context embedded.
 *
 * @internal
 */
export type Instance = {
  id: string;
  deploymentId: string;
  /** 1 for the deployment's first instance, one more for each after it. */
  number: number;
  driver: DriverVersionRef;
  /** The context, secret values included: shown only through `maskContext`. */
  context: GlobalContext;
  /** The reconciliation diff to the instance that was active before it; masked. */
  diff: ContextChange[];
  /** Whether it is the deployment's active instance. */
  active: boolean;
  /** The task that applies it. */
  taskId?: string;
  /**
   * The deployment configuration it was generated from, secret values included: what a
   * rollback to it declares again. Absent for instances stored before it was kept.
   */
  configuration?: DeploymentConfiguration;
  /** The backup its upgrade took before changing anything: its restore point. */
  restorePointBackupId?: string;
  /** For an instance a rollback made: the earlier instance whose state it declares again. */
  rollbackToInstanceId?: string;
  /** For a rollback with data: the restore point it restores in place once applied. */
  restoresBackupId?: string;
  createdBy: string;
  createdAt: Date;
};
