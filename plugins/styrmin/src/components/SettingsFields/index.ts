export { SettingsFields, settingsFieldNames } from './SettingsFields';
export type { SettingsFieldsProps } from './SettingsFields';
