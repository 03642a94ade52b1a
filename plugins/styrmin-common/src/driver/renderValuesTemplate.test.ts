import {
  renderValuesTemplate,
  ValuesTemplateOptions,
} from './renderValuesTemplate';
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

  describe('within its limits', () => {
    const limits = {
      timeoutMs: 60_000,
      maxOutputLength: 10_000,
      maxOperations: 100_000,
      maxCallDepth: 16,
    };
    function tooExpensive(
      template: string,
      options: ValuesTemplateOptions = { limits },
    ) {
      try {
        renderValuesTemplate(template, context, options);
      } catch (error) {
        expect(error).toBeInstanceOf(ValuesTemplateError);
        expect(error).toMatchObject({ code: 'VALUES_TEMPLATE_TOO_EXPENSIVE' });
        return (error as ValuesTemplateError).message;
      }
      throw new Error(`Rendered ${JSON.stringify(template)} without an error`);
    }

    it.each([
      [
        'a huge range',
        '{% for i in range(1000000000) %}{% endfor %}',
        /asked range for 1000000000 items/,
      ],
      [
        'an endless range',
        '{% for i in range(0, 1/0) %}{% endfor %}',
        /asked range for Infinity items/,
      ],
      [
        'a range with a tiny step',
        '{% for i in range(0, 1, 0.0000001) %}{% endfor %}',
        /asked range for 10000000 items/,
      ],
      [
        'nested loops',
        '{% for a in range(1000) %}{% for b in range(1000) %}{% endfor %}{% endfor %}',
        /did more than 100000 operations/,
      ],
      [
        'loops over a list it keeps doubling',
        '{% set l = [1] %}{% for i in range(40) %}{% set l = l.concat(l) %}{% endfor %}',
        /built 16384 items with /,
      ],
      [
        'deep recursion through a macro',
        '{% macro down(n) %}{{ down(n + 1) }}{% endmacro %}{{ down(0) }}',
        /nested calls more than 16 deep/,
      ],
      [
        'wide recursion through a macro',
        '{% macro tree(n) %}{% if n > 0 %}{{ tree(n - 1) }}{{ tree(n - 1) }}{% endif %}{% endmacro %}{{ tree(15) }}',
        /did more than 100000 operations/,
      ],
      [
        'a huge output from a loop',
        `{% for i in range(5000) %}{{ i }}-padding-padding{% endfor %}`,
        /output more than 10000 characters/,
      ],
      [
        'a huge output from literal text alone',
        `{% for i in range(5000) %}padding-padding-padding{% endfor %}`,
        /output more than 10000 characters/,
      ],
      [
        'a huge string by method',
        '{{ "x".repeat(100000000) }}',
        /asked repeat for 100000000 items/,
      ],
      [
        'a huge string by padding',
        '{{ "x".padStart(100000000) }}',
        /asked padStart for 100000000/,
      ],
      [
        'a huge string by filter',
        '{{ "x" | center(100000000) }}',
        /asked center for 100000000/,
      ],
      [
        'a huge list by filter',
        '{{ [1] | batch(100000000, 0) }}',
        /asked batch for 100000000/,
      ],
      [
        'a string it keeps doubling',
        '{% set s = "x" %}{% for i in range(40) %}{% set s = s ~ s %}{% endfor %}{{ s }}',
        /went past a limit of JavaScript: Invalid string length/,
      ],
      [
        'a doubled string passed to a filter',
        '{% set s = "x" %}{% for i in range(40) %}{% set s = s ~ s %}{% endfor %}{{ s | upper | length }}',
        /went past a limit of JavaScript: Invalid string length/,
      ],
    ])('stops %s', (_case, template, message) => {
      expect(tooExpensive(template)).toMatch(message);
    });

    it('stops a render that runs past its time', () => {
      expect(
        tooExpensive(
          '{% for a in range(1000) %}{% for b in range(1000) %}{{ a }}{% endfor %}{% endfor %}',
          {
            limits: { timeoutMs: 0, maxOutputLength: 1e9, maxOperations: 1e9 },
          },
        ),
      ).toMatch(/ran longer than 0 ms/);
    });

    it('names the template and the line where it stopped', () => {
      expect(
        tooExpensive('a: 1\nb: {{ range(1000000) | length }}', {
          limits,
          name: 'values.yaml.njk',
        }),
      ).toMatch(
        /^Values template values.yaml.njk line 2, column \d+: The values template asked range for 1000000 items/,
      );
    });

    it('has limits by default', () => {
      expect(() =>
        renderValuesTemplate(
          '{% for i in range(1000000000) %}{% endfor %}',
          context,
        ),
      ).toThrow(/more than 1048576/);
    });

    it('renders what stays within them', () => {
      expect(
        renderValuesTemplate(
          '{% for i in range(3) %}{{ "ab".repeat(2) | center(6) }}{% endfor %}',
          context,
          { limits },
        ),
      ).toBe(' abab  abab  abab ');
    });

    it.each([
      [
        'a regular expression literal',
        'a: 1\nb: {{ "aaa" | replace(r/(a+)+$/, "") }}',
        /line 2, column \d+: A values template may not use regular expressions/,
      ],
      ['match', '{{ "aaa".match("(a+)+$") }}', /may not call match/],
      ['matchAll', '{{ "aaa".matchAll("a") }}', /may not call matchAll/],
      ['search', '{{ "aaa".search("a") }}', /may not call search/],
    ])('refuses %s', (_case, template, message) => {
      const error = renderError(template);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toMatch(message);
    });

    it('refuses a range of anything but numbers', () => {
      expect(renderError('{{ range("a", "z") }}').message).toMatch(
        /range takes numbers/,
      );
    });
  });

  it('leaves the caller’s context as it was', () => {
    renderValuesTemplate('{{ parameters.tags.push("c") }}', context);
    expect(context.parameters.tags).toEqual(['a', 'b']);
  });
});
