import { styrminGraphQLSchema } from '@styrmin/plugin-styrmin-common';
import {
  buildSchema,
  GraphQLFieldResolver,
  GraphQLSchema,
  isObjectType,
} from 'graphql';
import { StyrminGraphQLContext, StyrminResolvers } from './types';

/**
 * Builds the executable schema: the SDL from styrmin-common with the resolvers attached.
 * A resolver for a type or field that the SDL lacks is a programming error, so it fails
 * the plugin's start instead of being silently ignored.
 *
 * @internal
 */
export function createStyrminSchema(
  resolvers: StyrminResolvers,
): GraphQLSchema {
  const schema = buildSchema(styrminGraphQLSchema);
  for (const [typeName, fieldResolvers] of Object.entries(
    resolvers as Record<
      string,
      Record<string, GraphQLFieldResolver<unknown, StyrminGraphQLContext>>
    >,
  )) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) {
      throw new Error(
        `Resolvers are given for ${typeName}, which is not an object type of the Styrmin schema`,
      );
    }
    const fields = type.getFields();
    for (const [fieldName, resolve] of Object.entries(fieldResolvers)) {
      const field = fields[fieldName];
      if (!field) {
        throw new Error(
          `A resolver is given for ${typeName}.${fieldName}, which the Styrmin schema does not declare`,
        );
      }
      field.resolve = resolve;
    }
  }
  return schema;
}
