/*
 * The "Action primitives" section of docs/driver-api.md, read from the module that declares
 * what the agent hands an action (agent/src/actions/ActionPrimitives.ts): each exported
 * interface with its doc comment, its members with their signatures and doc comments. A
 * declaration without a doc comment is an error, so that no primitive reaches driver
 * authors undocumented.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

/** The module the reference is generated from, relative to the repository. */
export const ACTION_PRIMITIVES_MODULE = 'agent/src/actions/ActionPrimitives.ts';

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The doc comment of a declaration, without its tags (`@public`); throws when it has none. */
function docOf(node: ts.Node, what: string, file: string): string {
  const text = ts
    .getJSDocCommentsAndTags(node)
    .filter(ts.isJSDoc)
    .map(doc => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .join('\n\n')
    .trim();
  if (!text) {
    throw new Error(
      `${what} in ${file} has no doc comment: the Driver API reference (docs/driver-api.md) is generated from the doc comments of the action primitives, so each declaration needs one`,
    );
  }
  return text;
}

function memberName(member: ts.TypeElement, file: string): string {
  if (!member.name || !ts.isIdentifier(member.name)) {
    throw new Error(
      `A member of an interface in ${file} has no plain name; the Driver API reference cannot name it`,
    );
  }
  return member.name.text;
}

/** A member's signature as written, on one line, without its doc comment or `;`. */
function signatureOf(member: ts.TypeElement, source: ts.SourceFile): string {
  return oneLine(member.getText(source)).replace(/[;,]$/, '');
}

function renderInterface(
  declaration: ts.InterfaceDeclaration,
  source: ts.SourceFile,
  file: string,
): string {
  const name = declaration.name.text;
  const typeParameters = declaration.typeParameters
    ? `<${declaration.typeParameters
        .map(p => oneLine(p.getText(source)))
        .join(', ')}>`
    : '';
  const parts = [
    `### \`${name}${typeParameters}\``,
    docOf(declaration, name, file),
  ];
  const members = declaration.members.map(member => {
    const memberLabel = `${name}.${memberName(member, file)}`;
    return { member, doc: docOf(member, memberLabel, file) };
  });
  if (members.every(({ member }) => ts.isPropertySignature(member))) {
    parts.push(
      [
        '| Member | Type | Required | Description |',
        '| --- | --- | --- | --- |',
        ...members.map(({ member, doc }) => {
          const property = member as ts.PropertySignature;
          return `| \`${memberName(member, file)}\` | \`${cell(
            oneLine(property.type?.getText(source) ?? 'unknown'),
          )}\` | ${property.questionToken ? 'no' : 'yes'} | ${cell(
            oneLine(doc),
          )} |`;
        }),
      ].join('\n'),
    );
  } else {
    for (const { member, doc } of members) {
      parts.push(`#### \`${signatureOf(member, source)}\``, doc);
    }
  }
  return parts.join('\n\n');
}

/**
 * The Markdown of the exported interfaces of the module at `path` (shown as `file`), in
 * their order in the module.
 */
export function actionPrimitivesReference(path: string, file: string): string {
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const exported = (statement: ts.Statement) =>
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some(
      m => m.kind === ts.SyntaxKind.ExportKeyword,
    );
  const sections = source.statements.filter(exported).map(statement => {
    if (!ts.isInterfaceDeclaration(statement)) {
      throw new Error(
        `${file} exports something other than an interface (${
          ts.SyntaxKind[statement.kind]
        }): the Driver API reference documents interfaces only`,
      );
    }
    return renderInterface(statement, source, file);
  });
  if (sections.length === 0) {
    throw new Error(`${file} exports no interface to document`);
  }
  return sections.join('\n\n');
}
