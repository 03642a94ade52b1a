export { DriversCard } from './DriversCard';
