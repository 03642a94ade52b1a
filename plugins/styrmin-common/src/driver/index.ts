export { DriverMetadata } from './DriverMetadata';
export { DriverInfo } from './DriverInfo';
export { HelmChart, HelmChartSource } from './HelmChart';
export { DriverComponent } from './DriverComponent';
export { DriverParameter, type DriverParameterType } from './DriverParameter';
export { DriverService, DriverServiceExpose } from './DriverService';
export { RetiredParameter } from './RetiredParameter';
export { DriverAction, DriverActionFunction } from './DriverAction';
export {
  DRIVER_API_VERSION,
  DRIVER_KIND,
  DriverSpec,
  DriverVersionSpec,
} from './DriverSpec';
export {
  formatDriverSpecPath,
  type DriverSpecLocation,
  type DriverSpecPath,
  type DriverSpecProblem,
} from './DriverSpecProblem';
export { parseDriverSpec, type ParseDriverSpecResult } from './parseDriverSpec';
export {
  parametersJsonSchema,
  type ParametersJsonSchema,
} from './parametersJsonSchema';
export {
  compileValuesTemplate,
  renderValuesTemplate,
  type ValuesTemplateContext,
  type ValuesTemplateOptions,
} from './renderValuesTemplate';
export {
  DEFAULT_VALUES_TEMPLATE_LIMITS,
  type ValuesTemplateLimits,
} from './ValuesTemplateBudget';
export { ValuesTemplateError } from './ValuesTemplateError';
export { driverSpecFields, type DriverSpecField } from './driverSpecFields';
export {
  driverVersionUses,
  normalizeUses,
  pickUsed,
  valuesTemplateUses,
  WHOLE_CONTEXT,
  type ContextPath,
  type ContextUses,
} from './contextUses';
