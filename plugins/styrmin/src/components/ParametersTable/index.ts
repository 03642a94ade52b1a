export { ParametersTable } from './ParametersTable';
export type { ParametersTableProps } from './ParametersTable';
