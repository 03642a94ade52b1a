import { commandOfLines } from './commandOfLines';

describe('commandOfLines', () => {
  it.each<[string, string, string[]]>([
    ['nothing', '', []],
    ['only empty lines', '\n\n', []],
    [
      'one argument per line',
      'infrahub\ndb\ncheck',
      ['infrahub', 'db', 'check'],
    ],
    [
      'spaces, quotes and shell words, as they are',
      'sh\n-c\necho "$HOME" | wc -c ',
      ['sh', '-c', 'echo "$HOME" | wc -c '],
    ],
    ['an empty argument inside', 'printf\n\nx', ['printf', '', 'x']],
    ['the empty lines at the end dropped', 'true\n\n', ['true']],
    ['Windows line ends', 'a\r\nb\r\n', ['a', 'b']],
    [
      'a leading empty line kept, for the server to refuse',
      '\ntrue',
      ['', 'true'],
    ],
  ])('reads %s', (_case, text, command) => {
    expect(commandOfLines(text)).toEqual(command);
  });
});
