import { styrminGraphQLSchema } from '@styrmin/plugin-styrmin-common';
import { buildSchema, getIntrospectionQuery, parse } from 'graphql';
import {
  MAX_QUERY_COST,
  MAX_QUERY_DEPTH,
  queryLimitErrors,
} from './queryLimits';

const schema = buildSchema(styrminGraphQLSchema);

function errors(query: string, variables?: Record<string, unknown>) {
  return queryLimitErrors({ schema, document: parse(query), variables }).map(
    error => error.message,
  );
}

/** deployment → environment → cluster → environments → deployments → ..., `levels` deep. */
function nested(levels: number): string {
  const chain = ['environment', 'cluster', 'environments', 'deployments'];
  let selection = 'name';
  for (let level = levels - 2; level >= 1; level--) {
    selection = `${chain[(level - 1) % chain.length]} { ${selection} }`;
  }
  return `{ deployment(id: "d") { ${selection} } }`;
}

describe('queryLimitErrors', () => {
  it('lets the queries the clients send through', () => {
    expect(
      errors(
        `
        query List($first: Int) {
          deployments(first: $first) {
            nodes {
              name
              environment { name cluster { name } }
              driverVersion { name version parameters { name default } }
              activeInstance { number context task { steps { name } } }
            }
            pageInfo { endCursor }
          }
        }
      `,
        { first: 100 },
      ),
    ).toEqual([]);
    expect(errors(getIntrospectionQuery())).toEqual([]);
  });

  it('counts the nodes of a *Page as the page its first sizes, like a connection', () => {
    // The query styrminctl environment-backups list sends (the SDK's EnvironmentBackups),
    // which cost 102,082 at its default page of 20 while a Page's nodes counted as an
    // unpaged list of 10 on top of the page size.
    const environmentBackups = `
      query ($first: Int) {
        environment(name: "dev") {
          environmentBackups(first: $first) {
            nodes {
              id environmentName backupStorageLocation status createdBy createdAt
              environment { id name }
              constituents {
                deploymentName driverName driverVersion appVersion
                deployment { id name state }
                backup { id phase sizeBytes expiresAt task { id result steps { name status } } }
              }
            }
            pageInfo { endCursor hasNextPage }
          }
        }
      }
    `;
    expect(errors(environmentBackups, { first: 20 })).toEqual([]);
    expect(errors(environmentBackups, { first: 5_000 })).toEqual([
      expect.stringContaining(`above the limit of ${MAX_QUERY_COST}`),
    ]);
  });

  it(`refuses a query that nests more than ${MAX_QUERY_DEPTH} fields`, () => {
    const depthErrors = (query: string) =>
      errors(query).filter(message => message.includes('nests'));
    expect(depthErrors(nested(MAX_QUERY_DEPTH))).toEqual([]);
    expect(depthErrors(nested(MAX_QUERY_DEPTH + 1))).toEqual([
      `The query nests ${
        MAX_QUERY_DEPTH + 1
      } fields deep; at most ${MAX_QUERY_DEPTH} are allowed`,
    ]);
  });

  it('counts the depth through fragments, and does not follow a fragment into itself', () => {
    const deep = `
      query { deployment(id: "d") { ...A } }
      fragment A on Deployment { environment { cluster { environments { ...B } } } }
      fragment B on Environment { deployments { environment { cluster { environments { deployments { environment { name } } } } } } }
    `;
    expect(errors(deep)).toContain(
      'The query nests 11 fields deep; at most 10 are allowed',
    );
    const cyclic = `
      query { deployment(id: "d") { ...A } }
      fragment A on Deployment { name environment { deployments { ...A } } }
    `;
    expect(errors(cyclic)).toEqual([]);
  });

  it(`refuses a query that would cost more than ${MAX_QUERY_COST}`, () => {
    const huge = `
      query($first: Int) {
        deployments(first: $first) {
          nodes { instances(first: 100) { nodes { number context diff { path } } } }
        }
      }
    `;
    expect(errors(huge, { first: 1 })).toEqual([]);
    expect(errors(huge, { first: 100 })).toEqual([
      expect.stringMatching(
        /^The query would cost \d+, above the limit of 10000/,
      ),
    ]);
    const aliases = Array.from(
      { length: 700 },
      (_, i) => `a${i}: deployments(first: 100) { nodes { id name } }`,
    ).join('\n');
    expect(errors(`{ ${aliases} }`)).toHaveLength(1);
  });
});
