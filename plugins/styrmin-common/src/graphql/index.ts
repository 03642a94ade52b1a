export { styrminGraphQLSchema } from './schema';
