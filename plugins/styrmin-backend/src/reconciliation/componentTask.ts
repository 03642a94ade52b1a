import {
  COMPONENT_FLOW_STEPS,
  ComponentFlow,
  DriverSpec,
  StyrminError,
} from '@styrmin/plugin-styrmin-common';
import { TaskIntent } from '../remediator/Remediator';

/**
 * Refuses a list of components to stop, start or restart that is empty or names a component that
 * the driver version does not declare (VALIDATION_FAILED on `components`, naming them).
 *
 * @internal
 */
export function checkComponents(
  driver: DriverSpec,
  components: readonly string[],
): void {
  if (components.length === 0) {
    throw new StyrminError('VALIDATION_FAILED', 'Name at least one component', {
      field: 'components',
    });
  }
  checkDeclaredComponents(driver, { components, field: 'components' });
}

/**
 * Refuses components that the driver version does not declare (VALIDATION_FAILED on the
 * input field that names them, naming them and the declared ones).
 *
 * @internal
 */
export function checkDeclaredComponents(
  driver: DriverSpec,
  options: { components: readonly string[]; field: string },
): void {
  const unknown = [...new Set(options.components)].filter(
    name => !Object.hasOwn(driver.spec.components, name),
  );
  if (unknown.length > 0) {
    throw new StyrminError(
      'VALIDATION_FAILED',
      `${driver.metadata.name} ${
        driver.spec.version
      } declares no component ${unknown
        .map(name => `"${name}"`)
        .join(', ')}; its components are ${Object.keys(
        driver.spec.components,
      ).join(', ')}`,
      { field: options.field },
    );
  }
}

/**
 * A stop_components, start_components or restart_components task: the components travel in its flow run's
 * parameters, and it has one planned step.
 *
 * @internal
 */
export function componentTask(
  flowName: ComponentFlow,
  components: readonly string[],
): TaskIntent {
  return {
    flowName,
    parameters: { components: [...new Set(components)] },
    stepNames: [COMPONENT_FLOW_STEPS[flowName]],
  };
}
