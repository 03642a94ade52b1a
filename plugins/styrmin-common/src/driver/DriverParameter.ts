import { z } from 'zod/v4';

const common = {
  title: z
    .string()
    .min(1)
    .optional()
    .describe(
      'The label of the field in forms; the parameter name when absent.',
    ),
  description: z
    .string()
    .min(1)
    .describe(
      'What the parameter does, shown beside the field in forms and in the API.',
    ),
  required: z
    .boolean()
    .default(false)
    .describe(
      'Whether a deployment must set a value. A parameter with a default always has one.',
    ),
};

const textBounds = {
  min_length: z.int().min(0).optional().describe('The shortest value allowed.'),
  max_length: z.int().min(0).optional().describe('The longest value allowed.'),
  pattern: z
    .string()
    .optional()
    .describe(
      'A regular expression (ECMAScript, unanchored as in JSON Schema: add `^` and `$` to match the whole value) that values must match.',
    ),
};

const numberBounds = {
  minimum: z.number().optional().describe('The smallest value allowed.'),
  maximum: z.number().optional().describe('The largest value allowed.'),
};

type Issues = z.RefinementCtx;

function checkOrder(
  ctx: Issues,
  [lowName, low]: [string, number | undefined],
  [highName, high]: [string, number | undefined],
) {
  if (low !== undefined && high !== undefined && low > high) {
    ctx.addIssue({
      code: 'custom',
      path: [lowName],
      message: `${lowName} (${low}) is above ${highName} (${high})`,
    });
  }
}

function compilePattern(ctx: Issues, pattern: string | undefined) {
  if (pattern === undefined) {
    return undefined;
  }
  try {
    return new RegExp(pattern, 'u');
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      path: ['pattern'],
      message: `Not a valid regular expression: ${(error as Error).message}`,
    });
    return undefined;
  }
}

/** Checks the bounds of a text parameter and that a value (its default) obeys them. */
function checkText(
  ctx: Issues,
  parameter: z.infer<z.ZodObject<typeof textBounds>>,
  value?: string,
) {
  checkOrder(
    ctx,
    ['min_length', parameter.min_length],
    ['max_length', parameter.max_length],
  );
  const pattern = compilePattern(ctx, parameter.pattern);
  if (value === undefined) {
    return;
  }
  const breaks = (message: string) =>
    ctx.addIssue({ code: 'custom', path: ['default'], message });
  if (
    parameter.min_length !== undefined &&
    value.length < parameter.min_length
  ) {
    breaks(`The default is shorter than min_length (${parameter.min_length})`);
  }
  if (
    parameter.max_length !== undefined &&
    value.length > parameter.max_length
  ) {
    breaks(`The default is longer than max_length (${parameter.max_length})`);
  }
  if (pattern && !pattern.test(value)) {
    breaks(`The default does not match the pattern ${parameter.pattern}`);
  }
}

/** Checks the bounds of a numeric parameter and that its default lies within them. */
function checkNumber(
  ctx: Issues,
  parameter: z.infer<z.ZodObject<typeof numberBounds>> & { default?: number },
) {
  checkOrder(
    ctx,
    ['minimum', parameter.minimum],
    ['maximum', parameter.maximum],
  );
  const value = parameter.default;
  if (value === undefined) {
    return;
  }
  if (parameter.minimum !== undefined && value < parameter.minimum) {
    ctx.addIssue({
      code: 'custom',
      path: ['default'],
      message: `The default (${value}) is below the minimum (${parameter.minimum})`,
    });
  }
  if (parameter.maximum !== undefined && value > parameter.maximum) {
    ctx.addIssue({
      code: 'custom',
      path: ['default'],
      message: `The default (${value}) is above the maximum (${parameter.maximum})`,
    });
  }
}

/**
 * One entry of `spec.parameters`: a typed input that users set on a deployment. Its
 * default must obey its own type, bounds, pattern and values.
 *
 * @public
 */
export const DriverParameter = z
  .discriminatedUnion(
    'type',
    [
      z
        .strictObject({
          type: z.literal('string').describe('Free text.'),
          ...common,
          default: z
            .string()
            .optional()
            .describe('The value when a deployment sets none.'),
          ...textBounds,
        })
        .superRefine((parameter, ctx) =>
          checkText(ctx, parameter, parameter.default),
        )
        .describe('A text value.'),
      z
        .strictObject({
          type: z
            .literal('secret')
            .describe('Text that forms mask and the API never returns.'),
          ...common,
          ...textBounds,
        })
        .superRefine((parameter, ctx) => checkText(ctx, parameter))
        .describe(
          'A secret text value, such as a password. It has no default, so that no secret is written in a driver.',
        ),
      z
        .strictObject({
          type: z.literal('integer').describe('A whole number.'),
          ...common,
          default: z
            .int()
            .optional()
            .describe('The value when a deployment sets none.'),
          minimum: z.int().optional().describe('The smallest value allowed.'),
          maximum: z.int().optional().describe('The largest value allowed.'),
        })
        .superRefine((parameter, ctx) => checkNumber(ctx, parameter))
        .describe('A whole number.'),
      z
        .strictObject({
          type: z.literal('number').describe('A number.'),
          ...common,
          default: z
            .number()
            .optional()
            .describe('The value when a deployment sets none.'),
          ...numberBounds,
        })
        .superRefine((parameter, ctx) => checkNumber(ctx, parameter))
        .describe('A number, whole or not.'),
      z
        .strictObject({
          type: z.literal('boolean').describe('true or false.'),
          ...common,
          default: z
            .boolean()
            .optional()
            .describe('The value when a deployment sets none.'),
        })
        .describe('A yes-or-no value.'),
      z
        .strictObject({
          type: z.literal('enum').describe('One of a list of values.'),
          ...common,
          values: z
            .array(z.string().min(1))
            .min(1)
            .describe(
              'The values to choose from, in the order forms list them.',
            ),
          default: z
            .string()
            .optional()
            .describe(
              'The value when a deployment sets none; one of `values`.',
            ),
        })
        .superRefine((parameter, ctx) => {
          parameter.values.forEach((value, index) => {
            if (parameter.values.indexOf(value) !== index) {
              ctx.addIssue({
                code: 'custom',
                path: ['values', index],
                message: `Duplicate value "${value}"`,
              });
            }
          });
          if (
            parameter.default !== undefined &&
            !parameter.values.includes(parameter.default)
          ) {
            ctx.addIssue({
              code: 'custom',
              path: ['default'],
              message: `The default "${
                parameter.default
              }" is not one of the values (${parameter.values.join(', ')})`,
            });
          }
        })
        .describe('One value out of a fixed list.'),
    ],
    {
      error:
        'Must have a type: string, secret, integer, number, boolean or enum',
    },
  )
  .describe(
    'A typed input that users set on a deployment; `type` says which kind.',
  );

/** @public */
export type DriverParameter = z.infer<typeof DriverParameter>;

/** @public */
export type DriverParameterType = DriverParameter['type'];
