import {
  deploymentNamespace,
  StyrminError,
  StyrminErrorCode,
} from '@styrmin/plugin-styrmin-common';
import { containerOverridesOf } from './desired/componentPatches';
import {
  StyrminDeployment,
  StyrminDeploymentSpec,
} from '../styrminDeployment/StyrminDeployment';

interface Problem {
  code: StyrminErrorCode;
  message: string;
}

function crossFieldProblems(
  name: string,
  spec: StyrminDeploymentSpec,
): Problem[] {
  const problems: Problem[] = [];
  const invalid = (message: string) =>
    problems.push({ code: 'VALIDATION_FAILED', message });
  const { id, namespace } = spec.context.deployment;
  if (name !== id) {
    // One resource per deployment: its name is the deployment id, which the labels of
    // everything the operator makes point back to.
    invalid(
      `metadata.name must be the deployment id "${id}" (context.deployment.id)`,
    );
  }
  if (namespace !== deploymentNamespace(id)) {
    invalid(
      `context.deployment.namespace must be "${deploymentNamespace(
        id,
      )}", not "${namespace}"`,
    );
  }
  const declared = (component: string) => component in spec.components;
  for (const component of spec.stoppedComponents.filter(c => !declared(c))) {
    invalid(`stoppedComponents names an undeclared component "${component}"`);
  }
  for (const component of Object.keys(spec.restartedComponents).filter(
    c => !declared(c),
  )) {
    invalid(`restartedComponents names an undeclared component "${component}"`);
  }
  for (const service of spec.services.filter(s => !declared(s.component))) {
    invalid(
      `services: "${service.name}" names an undeclared component "${service.component}"`,
    );
  }
  for (const [component, context] of Object.entries(spec.context.components)) {
    if (!declared(component)) {
      invalid(
        `context.components names an undeclared component "${component}"`,
      );
      continue;
    }
    const { container, singleton } = spec.components[component];
    if (!container && containerOverridesOf(context)) {
      problems.push({
        code: 'COMPONENT_CONTAINER_NOT_DECLARED',
        message: `Component "${component}" declares no component container, so it takes no env, image, command or args override`,
      });
    }
    if (singleton && (context.replicas ?? 1) > 1) {
      problems.push({
        code: 'SINGLETON_REPLICA_OVERRIDE',
        message: `Component "${component}" is a singleton and runs 1 replica, not ${context.replicas}`,
      });
    }
  }
  return problems;
}

/**
 * The spec of a StyrminDeployment, checked: its shape, and the rules that tie its parts
 * together. A spec that breaks one is refused with every problem listed, under the code of
 * the first; no retry fixes it, only a new spec.
 */
export function validateSpec(
  resource: StyrminDeployment,
): StyrminDeploymentSpec {
  const parsed = StyrminDeploymentSpec.safeParse(resource.spec);
  // The schema checks the parts of the context the operator reads; the values template
  // reads the rest, and fails readably on what it misses.
  const spec = parsed.data as unknown as StyrminDeploymentSpec;
  const problems: Problem[] = parsed.success
    ? crossFieldProblems(resource.metadata!.name!, spec)
    : parsed.error.issues.map(issue => ({
        code: 'VALIDATION_FAILED',
        message: `spec.${issue.path.join('.')}: ${issue.message}`,
      }));
  if (problems.length > 0) {
    throw new StyrminError(
      problems[0].code,
      `The StyrminDeployment is invalid: ${problems
        .map(p => p.message)
        .join('; ')}`,
    );
  }
  return spec;
}
