module.exports = require('@backstage/cli/config/eslint-factory')(__dirname, {
  tsRules: {
    // A zod schema or a domain enum and its type share one name (`DriverSpec`, `Mode`);
    // TypeScript itself refuses real redeclarations.
    '@typescript-eslint/no-redeclare': 'off',
  },
});
