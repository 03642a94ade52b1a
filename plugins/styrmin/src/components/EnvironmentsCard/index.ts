export { EnvironmentsCard } from './EnvironmentsCard';
