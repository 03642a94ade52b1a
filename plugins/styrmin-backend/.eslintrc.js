/**
 * The layers show in the folders: the GraphQL API (src/graphql) reads the stores and calls
 * the services of the domain folders, never the other way round. Only the wiring
 * (plugin.ts), the API's transports (service/ over HTTP, actions/ as Backstage actions)
 * and the test helpers (__testUtils__) reach into src/graphql.
 */
const GRAPHQL_LAYER_MESSAGE =
  'Stores and services do not import the GraphQL layer (src/graphql): move the code that needs it into src/graphql, or what src/graphql shares into the domain folder.';

module.exports = require('@backstage/cli/config/eslint-factory')(__dirname, {
  // The rule follows imports to files: let the resolver find the TypeScript ones.
  settings: {
    'import/resolver': {
      node: { extensions: ['.ts', '.tsx', '.js', '.json'] },
    },
  },
  rules: {
    'import/no-restricted-paths': [
      'error',
      {
        basePath: __dirname,
        zones: [
          {
            target: [
              './src/!(graphql|service|actions|__testUtils__)/**/*',
              './src/index.ts',
            ],
            from: './src/graphql',
            message: GRAPHQL_LAYER_MESSAGE,
          },
        ],
      },
    ],
  },
});
