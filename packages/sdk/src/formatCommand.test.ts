import { formatCommand } from './formatCommand';

describe('formatCommand', () => {
  it.each([
    [['infrahub', 'db', 'check'], 'infrahub db check'],
    [['sh', '-c', 'echo "$HOME" | wc -c'], `sh -c 'echo "$HOME" | wc -c'`],
    [['echo', "it's"], `echo 'it'\\''s'`],
    [['echo', ''], `echo ''`],
    [['/usr/bin/env', 'A=b', 'x@y:z,1%'], '/usr/bin/env A=b x@y:z,1%'],
  ])('%j reads %s', (command, text) => {
    expect(formatCommand(command)).toBe(text);
  });
});
