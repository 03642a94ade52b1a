import { DriverAction } from './DriverAction';
import { DriverService } from './DriverService';
import { RetiredParameter } from './RetiredParameter';

/**
 * The parts of `spec` that refer to each other. A list entry is `undefined` where it is
 * not well-formed on its own, so that the rules can run on a document that is broken
 * elsewhere.
 */
export interface DriverReferenceParts {
  components: Record<string, unknown>;
  services: ReadonlyArray<
    Pick<DriverService, 'name' | 'component'> | undefined
  >;
  actions: ReadonlyArray<Pick<DriverAction, 'name' | 'components'> | undefined>;
  parameters: Record<string, unknown>;
  retired_parameters?: Record<string, RetiredParameter | undefined>;
}

/** A broken rule, with its path inside `spec`. */
export interface DriverReferenceIssue {
  path: Array<string | number>;
  message: string;
}

function duplicateNames(
  part: 'services' | 'actions',
  entries: ReadonlyArray<{ name: string } | undefined>,
): DriverReferenceIssue[] {
  const seen = new Set<string>();
  return entries.flatMap((entry, index) => {
    if (!entry) {
      return [];
    }
    const duplicate = seen.has(entry.name);
    seen.add(entry.name);
    return duplicate
      ? [
          {
            path: [part, index, 'name'],
            message: `Duplicate name "${entry.name}": each entry of spec.${part} needs its own`,
          },
        ]
      : [];
  });
}

/**
 * The rules across the parts of `spec`: service and action names are unique, and the
 * components that services, actions and the replacements of retired parameters name are
 * declared, and a retired parameter is not declared as well.
 */
export function driverReferenceIssues(
  parts: DriverReferenceParts,
): DriverReferenceIssue[] {
  const declared = Object.keys(parts.components);
  const unknown = (component: string, path: Array<string | number>) =>
    declared.includes(component)
      ? []
      : [
          {
            path,
            message: `Unknown component "${component}"; declared: ${declared.join(
              ', ',
            )}`,
          },
        ];
  return [
    ...duplicateNames('services', parts.services),
    ...duplicateNames('actions', parts.actions),
    ...parts.services.flatMap((service, index) =>
      service
        ? unknown(service.component, ['services', index, 'component'])
        : [],
    ),
    ...parts.actions.flatMap((action, index) =>
      (action?.components ?? []).flatMap((component, position) =>
        unknown(component, ['actions', index, 'components', position]),
      ),
    ),
    ...Object.entries(parts.retired_parameters ?? {}).flatMap(
      ([name, retired]) => [
        ...(Object.hasOwn(parts.parameters, name)
          ? [
              {
                path: ['retired_parameters', name],
                message: `The parameter ${name} is declared in spec.parameters, so it is not retired`,
              },
            ]
          : []),
        ...(retired
          ? unknown(retired.replaced_by.replica_override, [
              'retired_parameters',
              name,
              'replaced_by',
              'replica_override',
            ])
          : []),
      ],
    ),
  ];
}
