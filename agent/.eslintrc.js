module.exports = require('@backstage/cli/config/eslint-factory')(__dirname, {
  tsRules: {
    // A zod schema and its type share one name (`StyrminDeploymentSpec`), as in
    // styrmin-common; TypeScript itself refuses real redeclarations.
    '@typescript-eslint/no-redeclare': 'off',
  },
});
