export { LegacyStyrminHomePage, StyrminHomePage } from './StyrminHomePage';
