export { ParametersForm } from './ParametersForm';
export type { ParametersFormProps } from './ParametersForm';
