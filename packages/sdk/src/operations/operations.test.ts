import { styrminGraphQLSchema } from '@styrmin/plugin-styrmin-common';
import { buildSchema, getOperationAST, parse, validate } from 'graphql';
import * as operations from '.';

const schema = buildSchema(styrminGraphQLSchema);

describe('operations', () => {
  it.each(Object.entries(operations))(
    '%s is valid against the Styrmin schema',
    (_, operation) => {
      const document = parse(operation.document);
      expect(validate(schema, document)).toEqual([]);
      expect(getOperationAST(document)?.name?.value).toBe(
        operation.operationName,
      );
    },
  );
});
