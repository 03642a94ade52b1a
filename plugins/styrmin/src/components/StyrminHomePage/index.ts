export { StyrminHomePage } from './StyrminHomePage';
