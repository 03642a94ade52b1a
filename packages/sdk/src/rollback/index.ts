export { RollbacksClient } from './RollbacksClient';
