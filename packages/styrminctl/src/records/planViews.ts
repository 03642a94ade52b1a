import { ContextChange, Plan } from '@styrmin/sdk';
import { plannedStepRows, redeploymentRows } from './views';

/** A value of a context diff on one line, as `kubectl diff` shows a field. */
function valueOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A plan's context diff as a unified diff (`kubectl diff` reads the same way): the active
 * instance's values with `-`, the planned ones with `+`, one line per value, secret values
 * masked as the API answers them.
 */
export function planDiffText(plan: Plan): string {
  const name = `${plan.environment.name}/${plan.deploymentName}`;
  const from = plan.fromDriverVersion;
  const to = plan.driverVersion;
  const lines = [
    `--- ${name} (${from ? `active, ${from.name} ${from.version}` : 'none'})`,
    `+++ ${name} (planned, ${to.name} ${to.version})`,
  ];
  const line = (sign: string, change: ContextChange, value: unknown) =>
    lines.push(`${sign}${change.path}: ${valueOf(value)}`);
  for (const change of plan.diff) {
    if (change.kind !== 'ADDED') {
      line('-', change, change.before);
    }
    if (change.kind !== 'REMOVED') {
      line('+', change, change.after);
    }
  }
  return lines.join('\n');
}

/** The blocks the table format prints for a plan: what it is, the diff, the hooks, the rest. */
export function planTables(plan: Plan): unknown[] {
  const summary = {
    plan: plan.id,
    kind: plan.kind,
    deployment: `${plan.environment.name}/${plan.deploymentName}`,
    driver: [plan.fromDriverVersion, plan.driverVersion]
      .filter(version => version)
      .map(version => `${version!.name} ${version!.version}`)
      .join(' -> '),
    changed: plan.changed,
    flow: plan.flow ?? undefined,
    backupFirst: `${plan.backup.taken ? 'yes' : 'no'}: ${plan.backup.reason}`,
    expires: plan.expiresAt,
    applied: plan.appliedAt
      ? `${plan.appliedAt} by ${plan.appliedBy}`
      : undefined,
    carriedOverParameters: plan.carriedOverParameters.map(
      ({ parameter, field, value }) =>
        `${parameter} -> ${field} = ${JSON.stringify(value)}`,
    ),
    droppedParameters: plan.droppedParameters,
    fingerprint: plan.fingerprint,
  };
  const prompts = plan.plannedActions.flatMap(action =>
    action.prompts.map(prompt => ({
      action: `${action.hook} ${action.mode} ${action.name}`,
      prompt: prompt.name,
      default: prompt.default ?? undefined,
    })),
  );
  const warnings = plan.warnings.map(warning => ({
    warning: warning.code,
    component: warning.component ?? undefined,
    message: warning.message,
  }));
  return [
    summary,
    plan.diff.length > 0 ? planDiffText(plan) : [],
    plannedStepRows(plan),
    prompts,
    warnings,
    redeploymentRows(plan.siblings),
  ].filter(block => !Array.isArray(block) || block.length > 0);
}
