import { mergeResolvers } from './mergeResolvers';

describe('mergeResolvers', () => {
  const server = () => ({});
  const drivers = () => [];
  const loadDriver = () => ({});

  it('merges the fields of each type', () => {
    expect(
      mergeResolvers(
        { Query: { server } },
        { Query: { drivers }, Mutation: { loadDriver } },
      ),
    ).toEqual({ Query: { server, drivers }, Mutation: { loadDriver } });
  });

  it('refuses two resolvers for one field', () => {
    expect(() =>
      mergeResolvers({ Query: { server } }, { Query: { server: drivers } }),
    ).toThrow('Two resolvers are given for Query.server');
  });
});
