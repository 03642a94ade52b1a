import {
  GlobalContext,
  renderValuesTemplate,
  ValuesTemplateError,
} from '@styrmin/plugin-styrmin-common';
import { parse as parseYaml } from 'yaml';
import { StyrminDeploymentSpec } from '../../styrminDeployment/StyrminDeployment';

/**
 * What the values template renders with: the context without `components` (the component
 * overrides and replica counts) or the secret paths below it. Styrmin applies those after
 * the chart renders (componentPatches.ts), and the values template does not pass them to
 * the chart, so it never sees them, secret env values above all.
 */
export function valuesTemplateContext(
  context: GlobalContext,
): Omit<GlobalContext, 'components'> {
  return {
    ...(Object.fromEntries(
      Object.entries(context).filter(([key]) => key !== 'components'),
    ) as Omit<GlobalContext, 'components'>),
    secret_paths: context.secret_paths.filter(
      path => !path.startsWith('components.'),
    ),
  };
}

/** Chart values: a YAML map. */
export type ChartValues = Record<string, unknown>;

/**
 * The chart values of an instance: the driver's values template rendered with its context
 * (as {@link valuesTemplateContext} leaves it), read as YAML. Throws a ValuesTemplateError when the template fails, goes past the limits
 * of a render (code VALUES_TEMPLATE_TOO_EXPENSIVE) or renders something other than a map;
 * its message names the template line and never holds a value.
 */
export function renderValues(spec: StyrminDeploymentSpec): ChartValues {
  const text = renderValuesTemplate(
    spec.valuesTemplate,
    valuesTemplateContext(spec.context),
    {
      name: `of ${spec.driver.name} ${spec.driver.version}`,
    },
  );
  let values: unknown;
  try {
    values = parseYaml(text);
  } catch (error) {
    const { linePos } = error as { linePos?: Array<{ line: number }> };
    throw new ValuesTemplateError(
      `The values template renders invalid YAML${
        linePos?.[0] ? ` at line ${linePos[0].line} of its output` : ''
      }`,
    );
  }
  if (values === null || values === undefined) {
    return {};
  }
  if (typeof values !== 'object' || Array.isArray(values)) {
    throw new ValuesTemplateError(
      `The values template must render a YAML map, not ${
        Array.isArray(values) ? 'a list' : `a ${typeof values}`
      }`,
    );
  }
  return values as ChartValues;
}
