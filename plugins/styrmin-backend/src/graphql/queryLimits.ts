import {
  ArgumentNode,
  DocumentNode,
  FragmentDefinitionNode,
  getNamedType,
  getNullableType,
  GraphQLError,
  GraphQLField,
  GraphQLSchema,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';

/** The most fields a query may nest, one inside the other. */
export const MAX_QUERY_DEPTH = 10;

/**
 * The most a query may cost: each field costs 1, times the number of parents it is read
 * for. A page of 100 deployments with 30 fields each costs about 3,000.
 */
export const MAX_QUERY_COST = 10_000;

/** The tokens a document may have; parsing stops there, before any work is done. */
export const MAX_QUERY_TOKENS = 10_000;

/** How many items a list without a page size is assumed to hold. */
const UNPAGED_LIST_ITEMS = 10;

type Measure = { depth: number; cost: number };

/** A page of a paged field: its `nodes` are the page that the field's `first` sized. */
function isPage(type: unknown): boolean {
  if (!isObjectType(type)) {
    return false;
  }
  const fields = type.getFields();
  return 'nodes' in fields && 'pageInfo' in fields;
}

/**
 * Refuses a query that nests deeper than {@link MAX_QUERY_DEPTH} or costs more than
 * {@link MAX_QUERY_COST}, before it runs. A field with a `first` argument multiplies the
 * cost of what it selects by its page size (the variable's value, or the default); the
 * `nodes` of a connection are that page; any other list counts as
 * `UNPAGED_LIST_ITEMS`. Introspection (`__schema`, `__type`) is left out: it reads the
 * schema, not the records.
 *
 * @internal
 */
export function queryLimitErrors(options: {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string;
  variables?: Record<string, unknown>;
}): GraphQLError[] {
  const { schema, document, operationName, variables = {} } = options;
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition);
    } else if (definition.kind === Kind.OPERATION_DEFINITION) {
      operations.push(definition);
    }
  }
  const operation =
    operations.find(op => op.name?.value === operationName) ?? operations[0];
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) {
    return [];
  }

  /** The page size a field asks for: its `first`, as written, as a variable, or by default. */
  const pageSize = (
    field: GraphQLField<unknown, unknown>,
    args: readonly ArgumentNode[],
  ): number => {
    const given = args.find(arg => arg.name.value === 'first')?.value;
    let value: unknown = field.args.find(
      arg => arg.name === 'first',
    )?.defaultValue;
    if (given?.kind === Kind.INT) {
      value = Number(given.value);
    } else if (given?.kind === Kind.VARIABLE) {
      value = variables[given.name.value];
    }
    return typeof value === 'number' && value > 0 ? value : 1;
  };

  const measure = (
    selectionSet: SelectionSetNode,
    parentTypeName: string,
    fragmentPath: ReadonlySet<string>,
  ): Measure => {
    const parentType = schema.getType(parentTypeName);
    let depth = 0;
    let cost = 0;
    const add = (inner: Measure) => {
      depth = Math.max(depth, inner.depth);
      cost += inner.cost;
    };
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        const field =
          (isObjectType(parentType) || isInterfaceType(parentType)) &&
          !name.startsWith('__')
            ? parentType.getFields()[name]
            : undefined;
        if (!field) {
          continue;
        }
        const inner = selection.selectionSet
          ? measure(
              selection.selectionSet,
              getNamedType(field.type).name,
              fragmentPath,
            )
          : { depth: 0, cost: 0 };
        let items = 1;
        if (field.args.some(arg => arg.name === 'first')) {
          items = pageSize(field, selection.arguments ?? []);
        } else if (
          isListType(getNullableType(field.type)) &&
          !(name === 'nodes' && isPage(parentType))
        ) {
          items = UNPAGED_LIST_ITEMS;
        }
        depth = Math.max(depth, inner.depth + 1);
        cost += 1 + items * inner.cost;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        add(
          measure(
            selection.selectionSet,
            selection.typeCondition?.name.value ?? parentTypeName,
            fragmentPath,
          ),
        );
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // A fragment that spreads itself is another rule's error; it is not followed.
        if (fragment && !fragmentPath.has(name)) {
          add(
            measure(
              fragment.selectionSet,
              fragment.typeCondition.name.value,
              new Set([...fragmentPath, name]),
            ),
          );
        }
      }
    }
    return { depth, cost };
  };

  const { depth, cost } = measure(operation.selectionSet, root.name, new Set());
  return [
    ...(depth > MAX_QUERY_DEPTH
      ? [
          new GraphQLError(
            `The query nests ${depth} fields deep; at most ${MAX_QUERY_DEPTH} are allowed`,
            { nodes: operation },
          ),
        ]
      : []),
    ...(cost > MAX_QUERY_COST
      ? [
          new GraphQLError(
            `The query would cost ${cost}, above the limit of ${MAX_QUERY_COST}: ask for smaller pages or fewer fields`,
            { nodes: operation },
          ),
        ]
      : []),
  ];
}
