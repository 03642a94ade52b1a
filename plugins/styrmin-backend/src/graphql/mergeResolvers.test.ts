import { mergeResolvers } from './mergeResolvers';
import { StyrminResolvers } from './types';

/** Resolvers that are compared, never called: their types do not matter here. */
const area = (resolvers: object) => resolvers as StyrminResolvers;

describe('mergeResolvers', () => {
  const server = () => ({});
  const drivers = () => [];
  const loadDriver = () => ({});

  it('merges the fields of each type', () => {
    expect(
      mergeResolvers(
        area({ Query: { server } }),
        area({ Query: { drivers }, Mutation: { loadDriver } }),
      ),
    ).toEqual({ Query: { server, drivers }, Mutation: { loadDriver } });
  });

  it('refuses two resolvers for one field', () => {
    expect(() =>
      mergeResolvers(
        area({ Query: { server } }),
        area({ Query: { server: drivers } }),
      ),
    ).toThrow('Two resolvers are given for Query.server');
  });
});
