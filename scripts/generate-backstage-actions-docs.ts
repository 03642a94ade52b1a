/*
 * Writes docs/backstage-actions.md, the reference of Styrmin's Backstage actions, from their
 * registrations (plugins/styrmin-backend/src/actions/styrminActions.ts): ids, attributes,
 * descriptions and the fields of their zod input and output schemas.
 *
 *   node -r @backstage/cli/config/nodeTransform.cjs scripts/generate-backstage-actions-docs.ts
 *   node -r @backstage/cli/config/nodeTransform.cjs scripts/generate-backstage-actions-docs.ts --check
 *
 * With --check it writes nothing and exits 1 when the page is not what it would write, so
 * that CI catches an action changed without its reference.
 */
import { join } from 'node:path';
import { z, ZodFirstPartyTypeKind, ZodTypeAny } from 'zod/v3';
import { styrminActions } from '../plugins/styrmin-backend/src/actions/styrminActions';
import { writeGeneratedDocument } from './generatedDocument';

const OUTPUT = join(__dirname, '..', 'docs', 'backstage-actions.md');

const INTRO = `Styrmin registers its operations with Backstage's actions registry (\`actionsRegistryServiceRef\`), so that the portal's MCP actions server, scaffolder templates and any plugin calling the actions service can use them. Each action runs its GraphQL operation in the Styrmin backend with the **caller's credentials**: the resolvers check the same permissions (\`styrmin.*\`, the role policy, \`styrmin.roles.services\`), write the same audit events and announce the same changes as for an API request. An error keeps its code at the start of its message (\`FORBIDDEN: This needs the permission styrmin.deployment.update, …\`) and maps to Backstage's error of that kind: FORBIDDEN is a 403 NotAllowedError, NOT_FOUND 404, CONFLICT 409, VALIDATION_FAILED and the domain's own codes 400.

The plan of a change is its dry run: \`create-deployment\`, \`edit-deployment\` and \`upgrade-deployment\` with \`dryRun: true\` validate and generate exactly as the change would and answer the diff, the planned steps, the hooks' driver actions and the redeployed siblings, storing nothing. Apply the change with \`dryRun: false\` and the \`expectedVersion\` the plan showed (\`deployment.version\`): if anything changed the deployment in between, it is refused with CONFLICT.

## Calling them

- **HTTP** (what the MCP actions backend and the actions service call): \`GET /api/styrmin/.backstage/actions/v1/actions\` lists them with their JSON schemas; \`POST /api/styrmin/.backstage/actions/v1/actions/styrmin:<name>/invoke\` with the input as the JSON body answers \`{ "output": … }\`. Both need a Backstage token (\`Authorization: Bearer …\`).
- **MCP**: packages/backend runs \`@backstage/plugin-mcp-actions-backend\`, and app-config.yaml lists \`backend.actions.pluginSources: ['styrmin']\`. Its MCP server answers at \`/api/mcp-actions/v1\` (Streamable HTTP, stateless: \`http://localhost:7007/api/mcp-actions/v1\` in the embedded default) and offers each action as the tool \`styrmin.<name>\` (\`styrmin.edit-deployment\`), with its input schema and its attributes as the hints \`readOnlyHint\`, \`destructiveHint\` and \`idempotentHint\`. It lists and invokes them through the HTTP API above on behalf of the MCP client. A user's Backstage token (\`Authorization: Bearer …\`, or OAuth sign-in when the auth backend enables client ID metadata documents) reaches Styrmin as that user, with the user's role. A service's credentials cannot be forwarded: a static token of \`backend.auth.externalAccess\` (whose \`accessRestrictions\` must name both \`mcp-actions\` and \`styrmin\`) reaches Styrmin as the MCP server itself, \`plugin:mcp-actions\`, whatever the token's subject, so every static token shares that one identity. Without a role it could do everything, as any unnamed service principal can; app-config.yaml gives it \`readOnly\` in \`styrmin.roles.services\`, so that changes go through MCP only under a user's own permissions. A tool answers the action's output as \`structuredContent\` (and as JSON text); a refusal is a tool result with \`isError: true\` whose text is the error's kind and message, \`NotAllowedError: FORBIDDEN: …\` or \`ConflictError: CONFLICT: …\`. plugins/styrmin-backend/src/actions/styrminMcp.test.ts drives it with the MCP SDK's client.
- **Scaffolder templates**: the scaffolder backend of this release offers the actions service's actions as template actions (their ids as they are, \`styrmin:edit-deployment\`), since \`backend.actions.pluginSources\` lists \`styrmin\`.

## The scaffolder module's actions

plugins/scaffolder-backend-module-styrmin keeps its own \`styrmin:deployment:create\` and \`styrmin:deployment:upgrade\`, and should not be rebuilt on these. They are template steps, not operations: they take the environment by name or entity ref, adopt the deployment that an earlier attempt of the same task created (task recovery), follow the task until it ends and output the deployment's URL and catalog entity ref. Both call the same GraphQL mutations with the initiator's credentials, so their permissions cannot differ. What they could reuse is one thing: since \`backend.actions.pluginSources\` lists \`styrmin\`, a template that only needs a single operation (a read, a plan, a backup) can call these actions directly instead of the module growing a step for it.

## Actions

Required: whether the input must carry the field (a field with a default may be left out). Output fields nest as \`a.b\`; \`[]\` stands for each entry of a list.`;

type Row = { path: string; type: string; required: boolean; text: string };

/** The schema inside optional, nullable, default and effects, with what they said. */
function unwrap(schema: ZodTypeAny): {
  inner: ZodTypeAny;
  optional: boolean;
  nullable: boolean;
  defaultValue?: unknown;
  description?: string;
} {
  let inner = schema;
  let optional = false;
  let nullable = false;
  let defaultValue: unknown;
  let description = schema.description;
  for (;;) {
    const def = inner._def;
    if (def.typeName === ZodFirstPartyTypeKind.ZodOptional) {
      optional = true;
      inner = def.innerType;
    } else if (def.typeName === ZodFirstPartyTypeKind.ZodNullable) {
      nullable = true;
      inner = def.innerType;
    } else if (def.typeName === ZodFirstPartyTypeKind.ZodDefault) {
      optional = true;
      defaultValue = def.defaultValue();
      inner = def.innerType;
    } else {
      break;
    }
    description ??= inner.description;
  }
  return { inner, optional, nullable, defaultValue, description };
}

function typeName(schema: ZodTypeAny): string {
  switch (schema._def.typeName) {
    case ZodFirstPartyTypeKind.ZodString:
      return 'string';
    case ZodFirstPartyTypeKind.ZodNumber:
      return schema._def.checks?.some((c: { kind: string }) => c.kind === 'int')
        ? 'integer'
        : 'number';
    case ZodFirstPartyTypeKind.ZodBoolean:
      return 'boolean';
    case ZodFirstPartyTypeKind.ZodObject:
      return 'object';
    case ZodFirstPartyTypeKind.ZodArray:
      return `list of ${typeName(unwrap(schema._def.type).inner)}`;
    case ZodFirstPartyTypeKind.ZodRecord:
      return 'JSON object';
    default:
      return 'JSON';
  }
}

/** One row per field of `schema`, nested objects (and those in lists) flattened. */
function rows(schema: z.AnyZodObject, prefix = ''): Row[] {
  return Object.entries(schema.shape as Record<string, ZodTypeAny>).flatMap(
    ([name, field]) => {
      const { inner, optional, nullable, defaultValue, description } =
        unwrap(field);
      const path = `${prefix}${name}`;
      const notes = [
        description,
        nullable ? 'may be null' : undefined,
        defaultValue !== undefined
          ? `default \`${JSON.stringify(defaultValue)}\``
          : undefined,
      ].filter(Boolean);
      const row: Row = {
        path,
        type: typeName(inner),
        required: !optional,
        text: notes.join('; '),
      };
      const element =
        inner._def.typeName === ZodFirstPartyTypeKind.ZodArray
          ? unwrap(inner._def.type).inner
          : undefined;
      if (inner instanceof z.ZodObject) {
        return [row, ...rows(inner, `${path}.`)];
      }
      if (element instanceof z.ZodObject) {
        return [row, ...rows(element, `${path}[].`)];
      }
      return [row];
    },
  );
}

function table(fields: Row[], withRequired: boolean): string {
  if (fields.length === 0) {
    return 'None.';
  }
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return [
    withRequired
      ? '| Field | Type | Required | Description |\n|---|---|---|---|'
      : '| Field | Type | Description |\n|---|---|---|',
    ...fields.map(f =>
      withRequired
        ? `| \`${f.path}\` | ${f.type} | ${f.required ? 'yes' : 'no'} | ${cell(
            f.text,
          )} |`
        : `| \`${f.path}\` | ${f.type} | ${cell(f.text)} |`,
    ),
  ].join('\n');
}

function render(): string {
  const sections = styrminActions.map(action => {
    const {
      readOnly = false,
      destructive = !readOnly,
      idempotent = false,
    } = action.attributes ?? {};
    const attributes = [
      readOnly ? 'read-only' : 'changes',
      destructive ? 'destructive' : 'not destructive',
      idempotent ? 'idempotent' : 'not idempotent',
    ].join(', ');
    return [
      `### styrmin:${action.name}`,
      `**${action.title}** (${attributes}). ${action.description}`,
      '**Input**',
      table(rows(action.schema.input(z)), true),
      '**Output**',
      table(rows(action.schema.output(z)), false),
    ].join('\n\n');
  });
  return [
    '# Backstage actions',
    '<!-- Generated by scripts/generate-backstage-actions-docs.ts from plugins/styrmin-backend/src/actions. Do not edit: change the actions and run the script. -->',
    INTRO,
    ...sections,
  ].join('\n\n');
}

writeGeneratedDocument({
  output: OUTPUT,
  markdown: render(),
  script: 'scripts/generate-backstage-actions-docs.ts',
  page: 'docs/backstage-actions.md',
});
