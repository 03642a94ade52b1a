export { PlansClient } from './PlansClient';
