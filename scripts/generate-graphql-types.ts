/*
 * Writes the TypeScript types of the Styrmin GraphQL API with GraphQL Code Generator, so
 * that the SDL is the one place its shapes are written:
 *
 * - the backend's resolver types (inputs, arguments with their defaults, enums, resolver
 *   signatures) from the SDL of
 *   @styrmin/plugin-styrmin-common, in plugins/styrmin-backend/src/graphql/generated/;
 * - the SDK's operation types (each operation's result, variables and fragments) from the
 *   SDL and the documents of packages/sdk/src/operations, in
 *   packages/sdk/src/operations/generated/.
 *
 *   yarn graphql:types            (node -r @backstage/cli/config/nodeTransform.cjs scripts/generate-graphql-types.ts)
 *   yarn graphql:types --check
 *
 * With --check it writes nothing and exits 1 when a generated file is not what it would
 * write, so that CI catches an SDL or document change that was not regenerated.
 */
import { codegen } from '@graphql-codegen/core';
import * as typescriptPlugin from '@graphql-codegen/typescript';
import * as typescriptOperationsPlugin from '@graphql-codegen/typescript-operations';
import * as typescriptResolversPlugin from '@graphql-codegen/typescript-resolvers';
import { styrminGraphQLSchema } from '@styrmin/plugin-styrmin-common';
import {
  buildSchema,
  DefinitionNode,
  DocumentNode,
  Kind,
  parse,
  printSchema,
} from 'graphql';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as sdkOperations from '../packages/sdk/src/operations';

// prettier 2 ships no types: these are the two functions this script uses.
const prettier: {
  resolveConfig: { sync(file: string): Record<string, unknown> | null };
  format(source: string, options: Record<string, unknown>): string;
} = require('prettier');

const ROOT = join(__dirname, '..');
const SCRIPT = 'scripts/generate-graphql-types.ts';

/**
 * The SDL's enums that mirror a glossary enum of @styrmin/plugin-styrmin-common (the SDL
 * declares them from its values): both outputs name that type instead of a copy.
 */
const COMMON_ENUMS = [
  'DeploymentState',
  'FlowName',
  'FlowRunState',
  'StepStatus',
  'TaskResult',
  'TaskType',
];

/** What both outputs share: IDs are strings, JSON is whatever the field's reader makes of it. */
const COMMON_CONFIG = {
  scalars: { ID: 'string', JSON: 'unknown' },
  maybeValue: 'T | null',
  useTypeImports: true,
  enumValues: Object.fromEntries(
    COMMON_ENUMS.map(name => [name, `@styrmin/plugin-styrmin-common#${name}`]),
  ),
};

/**
 * The domain record that the resolvers of each GraphQL object type return, by type name
 * (paths from the generated file), so that `Resolvers` checks a resolver's parent and
 * result against the record, not against the GraphQL shape the field resolvers make of it.
 * A type without a mapper is returned in its GraphQL shape.
 */
const RESOLVER_MAPPERS = {
  Server: 'Record<PropertyKey, never>',
  Cluster: '../../clusters/ClusterStore#Cluster',
  Environment: '../../environments/EnvironmentStore#Environment',
  Deployment: '../../deployments/DeploymentStore#Deployment',
  Instance: '../../instances/InstanceStore#Instance',
  ContextChange: '@styrmin/plugin-styrmin-common#ContextChange',
  Redeployment: '../../reconciliation/types#Redeployment',
  DeploymentChangeResult: '../../reconciliation/types#DeploymentChangeResult',
  Task: '../../tasks/TaskStore#Task',
  Step: '../../tasks/TaskStore#Step',
  StepAttemptError: '../../tasks/TaskStore#StepAttemptError',
  FlowRun: '../../flows/FlowRunStore#FlowRun',
  DeploymentStatus: '../../observedState/ObservedStateStore#DeploymentStatus',
  PodStatus: '../../observedState/ObservedStateStore#PodStatus',
  Backup: '../../backups/BackupStore#Backup',
  Restore: '../../backups/RestoreStore#Restore',
  BackupSchedule: '../backups/backupScheduleView#BackupScheduleView',
  BackupStorageLocation:
    '../../backupStorageLocations/BackupStorageLocationStore#BackupStorageLocation',
  BackupStorageLocationStatus:
    '../../backupStorageLocations/BackupStorageLocationStore#BackupStorageLocationObservedState',
  EnvironmentBackup:
    '../../environmentOperations/environmentBackupStatus#EnvironmentBackupView',
  EnvironmentBackupConstituent:
    '../../environmentOperations/environmentBackupStatus#EnvironmentBackupConstituent',
  EnvironmentOperation:
    '../../environmentOperations/EnvironmentOperation#EnvironmentOperation',
  EnvironmentUpgradePlan:
    '../../environmentOperations/EnvironmentUpgrades#EnvironmentUpgradePlanView',
  PlannedUpgrade:
    '../../environmentOperations/planEnvironmentUpgrade#PlannedUpgrade',
  SkippedDeployment:
    '../../environmentOperations/planEnvironmentUpgrade#SkippedDeployment',
  EnvironmentRestorePlan:
    '../../environmentOperations/restorePlan#EnvironmentRestorePlan',
  EnvironmentClonePlan:
    '../../environmentOperations/clonePlanRecords#EnvironmentClonePlanView',
  PlannedCloneDeployment:
    '../../environmentOperations/clonePlan#PlannedCloneDeployment',
  Plan: '../../plans/Plan#Plan',
};

const OUTPUTS: Array<{
  file: string;
  from: string;
  generate: (schema: DocumentNode) => Promise<string>;
}> = [
  {
    file: 'plugins/styrmin-backend/src/graphql/generated/schemaTypes.ts',
    from: 'the SDL of @styrmin/plugin-styrmin-common',
    generate: schema =>
      codegen({
        filename: 'schemaTypes.ts',
        schema,
        documents: [],
        config: {
          ...COMMON_CONFIG,
          // GraphQL answers null for a nullable field that resolves to undefined, as the
          // stores' and loaders' reads of what is missing do.
          maybeValue: 'T | null | undefined',
          enumsAsTypes: true,
          contextType: '../types#StyrminGraphQLContext',
          mappers: RESOLVER_MAPPERS,
          mapperTypeSuffix: 'Record',
          // A resolver is a function: what withPermission and the merging take and give.
          makeResolverTypeCallable: true,
        },
        plugins: [{ typescript: {} }, { typescriptResolvers: {} }],
        pluginMap: {
          typescript: typescriptPlugin,
          typescriptResolvers: typescriptResolversPlugin,
        },
      }),
  },
  {
    file: 'packages/sdk/src/operations/generated/operationTypes.ts',
    from: 'the SDL and the documents of packages/sdk/src/operations',
    generate: schema =>
      codegen({
        filename: 'operationTypes.ts',
        schema,
        documents: [
          { location: 'packages/sdk/src/operations', document: sdkDocuments() },
        ],
        config: {
          ...COMMON_CONFIG,
          enumType: 'string-literal',
          skipTypename: true,
          // Results: every selected field present (null when empty); inputs: optional.
          avoidOptionals: { field: true, inputValue: false, object: false },
        },
        plugins: [{ typescriptOperations: {} }],
        pluginMap: { typescriptOperations: typescriptOperationsPlugin },
      }),
  },
];

/**
 * Every operation and fragment of the SDK's documents, once: each operation's document
 * carries the fragments it spreads, so that several carry the same fragment.
 */
function sdkDocuments(): DocumentNode {
  const definitions = new Map<string, DefinitionNode>();
  for (const operation of Object.values(sdkOperations)) {
    const document = (operation as { document?: unknown }).document;
    if (typeof document !== 'string') {
      continue;
    }
    for (const definition of parse(document).definitions) {
      const name =
        'name' in definition && definition.name
          ? definition.name.value
          : undefined;
      if (!name) {
        throw new Error(`Every SDK operation must be named:\n${document}`);
      }
      definitions.set(`${definition.kind} ${name}`, definition);
    }
  }
  return { kind: Kind.DOCUMENT, definitions: [...definitions.values()] };
}

function header(from: string): string {
  return [
    `/* Generated by ${SCRIPT} from ${from}: do not edit, run yarn graphql:types. */`,
    '/* eslint-disable */',
    '',
  ].join('\n');
}

async function main() {
  const check = process.argv.includes('--check');
  const schema = parse(printSchema(buildSchema(styrminGraphQLSchema)));
  const stale: string[] = [];
  for (const output of OUTPUTS) {
    const path = join(ROOT, output.file);
    const text = prettier.format(
      header(output.from) + (await output.generate(schema)),
      { ...prettier.resolveConfig.sync(path), parser: 'typescript' },
    );
    if (!check) {
      writeFileSync(path, text);
      continue;
    }
    let committed = '';
    try {
      committed = readFileSync(path, 'utf8');
    } catch {
      // A missing file is stale too.
    }
    if (committed !== text) {
      stale.push(relative(ROOT, path));
    }
  }
  if (stale.length > 0) {
    console.error(
      `GraphQL types are stale (the SDL or the SDK's documents changed): ${stale.join(
        ', ',
      )}. Run yarn graphql:types and commit the result.`,
    );
    process.exit(1);
  }
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
