import ts from 'typescript';

/**
 * What a static scan finds in a JavaScript or TypeScript module, without running it.
 */
export interface ModuleScan {
  /** The names the module exports at run time (`default` for the default export). */
  exports: Set<string>;
  /** Modules whose exports this one passes on whole (`export * from './x'`). */
  exportsAllFrom: string[];
  /** Every module it imports or requires, as written. */
  imports: string[];
  /** Syntax errors, with 1-based positions. */
  syntaxErrors: Array<{ line: number; column: number; message: string }>;
}

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node)?.some(modifier => modifier.kind === kind) ?? false);

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) {
    return [name.text];
  }
  return name.elements.flatMap(element =>
    ts.isOmittedExpression(element) ? [] : bindingNames(element.name),
  );
}

/** `module.exports` and `exports`, the two ways CommonJS code names its exports. */
function isExportsObject(node: ts.Expression): boolean {
  return (
    (ts.isIdentifier(node) && node.text === 'exports') ||
    (ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'module' &&
      node.name.text === 'exports')
  );
}

/** The exports a CommonJS assignment statement adds: `exports.a = ...`, `module.exports = { a }`. */
function commonJsExports(statement: ts.Statement): string[] {
  if (
    !ts.isExpressionStatement(statement) ||
    !ts.isBinaryExpression(statement.expression) ||
    statement.expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken
  ) {
    return [];
  }
  const { left, right } = statement.expression;
  if (ts.isPropertyAccessExpression(left) && isExportsObject(left.expression)) {
    return [left.name.text];
  }
  if (isExportsObject(left)) {
    if (ts.isObjectLiteralExpression(right)) {
      return right.properties.flatMap(property =>
        property.name &&
        (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
          ? [property.name.text]
          : [],
      );
    }
    // `module.exports = function ...` is what `require` returns: the default export.
    return ['default'];
  }
  return [];
}

/** The run-time exports an ESM top-level statement declares; types and interfaces have none. */
function esmExports(statement: ts.Statement, scan: ModuleScan): string[] {
  if (ts.isExportAssignment(statement)) {
    return ['default'];
  }
  if (ts.isExportDeclaration(statement)) {
    if (statement.isTypeOnly) {
      return [];
    }
    const from = statement.moduleSpecifier;
    if (!statement.exportClause) {
      if (from && ts.isStringLiteral(from)) {
        scan.exportsAllFrom.push(from.text);
      }
      return [];
    }
    if (ts.isNamespaceExport(statement.exportClause)) {
      return [statement.exportClause.name.text];
    }
    return statement.exportClause.elements
      .filter(element => !element.isTypeOnly)
      .map(element => element.name.text);
  }
  if (
    !hasModifier(statement, ts.SyntaxKind.ExportKeyword) ||
    hasModifier(statement, ts.SyntaxKind.DeclareKeyword)
  ) {
    return [];
  }
  if (hasModifier(statement, ts.SyntaxKind.DefaultKeyword)) {
    return ['default'];
  }
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap(declaration =>
      bindingNames(declaration.name),
    );
  }
  if (
    (ts.isFunctionDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isEnumDeclaration(statement)) &&
    statement.name
  ) {
    return [statement.name.text];
  }
  return [];
}

/**
 * Scans a JavaScript or TypeScript module with the TypeScript parser. Nothing of the module
 * runs: a driver is its author's code, and only the agent runs it, in a child process.
 * Exports computed at run time (`exports[name] = ...`) are not seen.
 */
export function scanModule(fileName: string, source: string): ModuleScan {
  const scan: ModuleScan = {
    exports: new Set(),
    exportsAllFrom: [],
    imports: ts
      .preProcessFile(source, true, true)
      .importedFiles.map(file => file.fileName),
    syntaxErrors: [],
  };
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
  );
  for (const statement of file.statements) {
    for (const name of [
      ...esmExports(statement, scan),
      ...commonJsExports(statement),
    ]) {
      scan.exports.add(name);
    }
  }
  const { diagnostics = [] } = ts.transpileModule(source, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: { allowJs: true },
  });
  for (const diagnostic of diagnostics) {
    const { line, character } = file.getLineAndCharacterOfPosition(
      diagnostic.start ?? 0,
    );
    scan.syntaxErrors.push({
      line: line + 1,
      column: character + 1,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    });
  }
  return scan;
}
