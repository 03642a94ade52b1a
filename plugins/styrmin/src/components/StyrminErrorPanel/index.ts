export { StyrminErrorPanel } from './StyrminErrorPanel';
export type { StyrminErrorPanelProps } from './StyrminErrorPanel';
