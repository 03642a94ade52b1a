// The repository's lint toolchain (root devDependencies) runs the package's own config here.
// eslint-disable-next-line @backstage/no-undeclared-imports
import { ESLint } from 'eslint';
import { join } from 'node:path';

jest.setTimeout(60_000);

const PACKAGE_DIR = join(__dirname, '..', '..');

/**
 * What the package's lint rule of layers says of a text at the path of a file (one of the
 * package's TypeScript project, which the parser requires).
 */
async function lintAt(path: string, text: string) {
  const eslint = new ESLint({ cwd: PACKAGE_DIR });
  const [result] = await eslint.lintText(text, {
    filePath: join(PACKAGE_DIR, path),
  });
  return result.messages.filter(
    message => message.ruleId === 'import/no-restricted-paths',
  );
}

describe('the GraphQL layer (the package lint rule)', () => {
  const IMPORTING_GRAPHQL = [
    "import { StyrminResolvers } from '../graphql/types';",
    '',
    'export type Resolvers = StyrminResolvers;',
    '',
  ].join('\n');

  it('refuses a store that imports src/graphql', async () => {
    const messages = await lintAt(
      'src/deployments/DeploymentStore.ts',
      IMPORTING_GRAPHQL,
    );
    expect(messages).toEqual([
      expect.objectContaining({
        message: expect.stringContaining(
          'Stores and services do not import the GraphQL layer (src/graphql)',
        ),
      }),
    ]);
  });

  it('refuses a service that imports src/graphql', async () => {
    const messages = await lintAt(
      'src/reconciliation/DeploymentChanges.ts',
      IMPORTING_GRAPHQL,
    );
    expect(messages).toHaveLength(1);
  });

  it('lets the wiring and the GraphQL layer itself import src/graphql', async () => {
    expect(await lintAt('src/service/router.ts', IMPORTING_GRAPHQL)).toEqual(
      [],
    );
    expect(
      await lintAt(
        'src/graphql/deployments/deploymentFields.ts',
        IMPORTING_GRAPHQL.replace('../graphql/types', '../types'),
      ),
    ).toEqual([]);
  });
});
