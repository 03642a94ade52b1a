import { Command } from 'commander';
import { collect } from '../records/assignments';
import { SettingsFlags } from '../records/settingsPatch';

/** What {@link settingsOptions} parses. */
export type SettingsOptions = { set: string[]; unset: string[]; file?: string };

/** "a setting", "an override". */
const withArticle = (noun: string) =>
  `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** The options that set cluster settings or environment overrides. */
export function settingsOptions(command: Command, what: string): Command {
  return command
    .option(
      '--set <key=value>',
      `set ${withArticle(
        what,
      )} (text), dotted for nested ones: storage_class=fast, storage_classes.fast=ssd`,
      collect,
      [],
    )
    .option('--unset <key>', `remove ${withArticle(what)}`, collect, [])
    .option(
      '-f, --file <file>',
      `a YAML file of ${what}s, which --set and --unset change further`,
    );
}

export const settingsFlags = (options: SettingsOptions): SettingsFlags => ({
  set: options.set,
  unset: options.unset,
  file: options.file,
});
