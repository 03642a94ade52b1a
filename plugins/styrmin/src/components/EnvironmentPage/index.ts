export { EnvironmentPage } from './EnvironmentPage';
export type { EnvironmentPageProps } from './EnvironmentPage';
