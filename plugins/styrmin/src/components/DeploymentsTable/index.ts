export { DeploymentsTable } from './DeploymentsTable';
export type { DeploymentsTableProps } from './DeploymentsTable';
