import { renderValuesTemplate } from './renderValuesTemplate';
import { ValuesTemplateError } from './ValuesTemplateError';

const context = {
  deployment: { name: 'infrahub-dev', namespace: 'styrmin-42' },
  parameters: { log_level: 'INFO', replicas: 2, tags: ['a', 'b'], note: '<&>' },
  environment: {
    deployments: {
      infrahub: { services: { http: { url: 'http://infrahub' } } },
    },
  },
};

function renderError(template: string): ValuesTemplateError {
  try {
    renderValuesTemplate(template, context);
  } catch (error) {
    expect(error).toBeInstanceOf(ValuesTemplateError);
    return error as ValuesTemplateError;
  }
  throw new Error(`Rendered ${JSON.stringify(template)} without an error`);
}

describe('renderValuesTemplate', () => {
  it.each([
    ['a variable', 'level: {{ parameters.log_level }}', 'level: INFO'],
    [
      'text as it is, unescaped',
      'note: "{{ parameters.note }}"',
      'note: "<&>"',
    ],
    [
      'a dynamic key',
      '{% set d = "infrahub" %}url: {{ environment.deployments[d].services.http.url }}',
      'url: http://infrahub',
    ],
    [
      'a loop',
      '{% for t in parameters.tags %}- {{ t }}\n{% endfor %}',
      '- a\n- b\n',
    ],
    ['built-in filters', '{{ parameters.tags | join(",") | upper }}', 'A,B'],
    [
      'a default for a missing value',
      '{{ parameters.missing | default("x") }}',
      'x',
    ],
    [
      'a test for a missing value',
      '{% if parameters.missing is defined %}y{% else %}n{% endif %}',
      'n',
    ],
    ['built-in globals', '{% for i in range(2) %}{{ i }}{% endfor %}', '01'],
    [
      'a macro and a call block',
      '{% macro box() %}[{{ caller() }}]{% endmacro %}{% call box() %}x{% endcall %}',
      '[x]',
    ],
  ])('renders %s', (_case, template, expected) => {
    expect(renderValuesTemplate(template, context)).toBe(expected);
  });

  it('names the line of an undefined variable', () => {
    const error = renderError('a: 1\nb: {{ parameters.replica_count }}\n');
    expect(error).toMatchObject({ line: 2, column: 4 });
    expect(error.message).toBe(
      'Values template line 2, column 4: attempted to output null or undefined value (in "b: {{ parameters.replica_count }}")',
    );
  });

  it('names the line of a syntax error', () => {
    const error = renderError('a: 1\nb: {% if %}\n');
    expect(error).toMatchObject({ line: 2, column: 10 });
    expect(error.message).toMatch(
      /^Values template line 2, column 10: unexpected token/,
    );
  });

  it('explains a syntax error that nunjucks cannot place', () => {
    const error = renderError('a: {{ parameters.log_level\n');
    expect(error.line).toBeUndefined();
    expect(error.message).toBe('Values template: expected variable end');
  });

  it.each([
    ['an unknown filter', '{{ "x" | shell }}', /filter not found: shell/],
    ['include', '{% include "/etc/passwd" %}', /template not found/],
    ['import', '{% import "/etc/hosts" as h %}', /template not found/],
    ['extends', '{% extends "views/base.njk" %}', /template not found/],
  ])('refuses %s', (_case, template, message) => {
    expect(renderError(template).message).toMatch(message);
  });

  it.each([
    ['range.constructor', '{{ range.constructor("return process")() }}'],
    [
      'a string constructor',
      '{{ "".constructor.constructor("return process")() }}',
    ],
    ['a computed name', '{{ range["constr" ~ "uctor"]("return process")() }}'],
    ['constructor as a variable', '{{ constructor.getPrototypeOf(range) }}'],
    ['__proto__', '{{ parameters.__proto__ }}'],
    ['a prototype', '{{ joiner.prototype }}'],
    [
      "a macro's caller",
      '{% macro m() %}{{ m.caller }}{% endmacro %}{{ m() }}',
    ],
    ['__lookupGetter__', '{{ parameters.__lookupGetter__("__proto__") }}'],
  ])('confines the template to the context: no %s', (_case, template) => {
    expect(renderError(template).message).toMatch(/may not read/);
  });

  it('leaves the caller’s context as it was', () => {
    renderValuesTemplate('{{ parameters.tags.push("c") }}', context);
    expect(context.parameters.tags).toEqual(['a', 'b']);
  });
});
