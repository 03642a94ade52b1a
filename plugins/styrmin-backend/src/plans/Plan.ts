import {
  CarriedOverParameter,
  ContextChange,
  RemediationFlow,
} from '@styrmin/plugin-styrmin-common';
import { DriverVersionRef } from '../deployments/DeploymentStore';
import { PlanBasis } from './planBasis';

/**
 * The change a plan is of, as the GraphQL API names it.
 *
 * @internal
 */
export type PlanKind =
  | 'CREATE'
  | 'EDIT'
  | 'UPGRADE'
  | 'EDIT_COMPONENT_OVERRIDES';

/**
 * The change a plan was computed for, as its caller sent it: what applying the plan makes
 * again. It may hold secret values (a configuration, prompt answers): the store seals it.
 *
 * @internal
 */
export type PlannedChange =
  | {
      kind: 'CREATE';
      /** Chosen when planned, so that the applied deployment is the planned one. */
      deploymentId: string;
      environmentId: string;
      name: unknown;
      driver: DriverVersionRef;
      configuration: unknown;
      prompts?: unknown;
    }
  | {
      kind: Exclude<PlanKind, 'CREATE'>;
      deploymentId: string;
      driverVersion?: string;
      configurationPatch?: unknown;
      prompts?: unknown;
      allowDowngrade?: boolean;
    };

/** @internal */
export type PlanWarningCode =
  /** The change moves the deployment to an older version of its driver. */
  | 'DOWNGRADE'
  /** A singleton component's context changes: its one pod is replaced, with a pause. */
  | 'SINGLETON_RESTART';

/**
 * What a plan asks its reader to look at before applying it.
 *
 * @internal
 */
export type PlanWarning = {
  code: PlanWarningCode;
  message: string;
  /** The component it is about, when one. */
  component?: string;
};

/**
 * Whether the change takes a backup of the deployment before it runs, and why.
 *
 * @internal
 */
export type PlanBackup = { taken: boolean; reason: string };

/**
 * Another deployment of the environment that the change would redeploy.
 *
 * @internal
 */
export type PlanRedeployment = {
  deploymentId: string;
  deploymentName: string;
  flowName: RemediationFlow;
  /** Secret values masked. */
  diff: ContextChange[];
};

/**
 * What applying the change would do, as its dry run answered it: nothing in it is secret
 * (secret values are masked).
 *
 * @internal
 */
export type PlanContent = {
  deploymentName: string;
  /** The driver version the change deploys. */
  driver: DriverVersionRef;
  /** The driver version the deployment has before the change; absent for a creation. */
  fromDriver?: DriverVersionRef;
  /** Whether the change would store anything (its instance differs from the active one). */
  changed: boolean;
  /** The flow that would apply it; absent when nothing changes. */
  flowName?: RemediationFlow;
  /** The reconciliation diff of the deployment's context, secret values masked. */
  diff: ContextChange[];
  /** The steps of the task that would apply it, in order. */
  plannedSteps: string[];
  /** The names of the driver actions that task runs (pre, core, post), in order. */
  plannedActions: string[];
  droppedParameters: string[];
  carriedOverParameters: CarriedOverParameter[];
  warnings: PlanWarning[];
  backup: PlanBackup;
  siblings: PlanRedeployment[];
};

/**
 * The plan of a change (issue 19): what the change would do, computed before it is applied,
 * and the basis it was computed from, whose fingerprint must still match when it is applied
 * by its id. A plan is applied once, and not after it expires.
 *
 * @internal
 */
export type Plan = {
  id: string;
  kind: PlanKind;
  environmentId: string;
  /** The deployment the plan changes; absent for one that a creation plans. */
  deploymentId?: string;
  change: PlannedChange;
  content: PlanContent;
  basis: PlanBasis;
  /** `sha256:<hex>` of the basis. */
  fingerprint: string;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
  appliedBy?: string;
  appliedAt?: Date;
  /** The task that applies it; absent before, and when applying it changed nothing. */
  appliedTaskId?: string;
};
