export { ServerCard } from './ServerCard';
