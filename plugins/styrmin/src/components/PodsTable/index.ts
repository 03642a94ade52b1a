export { PodsTable } from './PodsTable';
export type { PodsTableProps } from './PodsTable';
