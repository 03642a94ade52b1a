import { ClusterSettings, JsonObject } from '@styrmin/plugin-styrmin-common';

/** The settings with a field of their own in the form; the rest is edited as JSON. */
export const TYPED_SETTINGS = [
  { key: 'storage_class', label: 'Storage class' },
  { key: 'ingress_class', label: 'Ingress class' },
  { key: 'base_domain', label: 'Base domain' },
] as const;

type TypedSetting = (typeof TYPED_SETTINGS)[number]['key'];

/** What the settings form holds: text as typed. */
export type SettingsDraft = Record<TypedSetting, string> & {
  /** The other settings, as JSON text. */
  other: string;
};

/** The form's first draft: the settings as they are. */
export function draftOf(settings: ClusterSettings): SettingsDraft {
  const { storage_class, ingress_class, base_domain, ...other } = settings;
  return {
    storage_class: storage_class ?? '',
    ingress_class: ingress_class ?? '',
    base_domain: base_domain ?? '',
    other: Object.keys(other).length ? JSON.stringify(other, null, 2) : '',
  };
}

/**
 * The settings a draft stands for, or why its JSON cannot be read. An empty field leaves
 * its setting out; the server checks the values.
 */
export function settingsOf(
  draft: SettingsDraft,
): { settings: JsonObject } | { problem: string } {
  let other: unknown = {};
  if (draft.other.trim()) {
    try {
      other = JSON.parse(draft.other);
    } catch (error) {
      return { problem: `Not JSON: ${(error as Error).message}` };
    }
  }
  if (typeof other !== 'object' || other === null || Array.isArray(other)) {
    return { problem: 'Must be a JSON object of settings by name' };
  }
  const typed = TYPED_SETTINGS.filter(({ key }) => Object.hasOwn(other, key));
  if (typed.length) {
    return {
      problem: `${typed
        .map(t => t.key)
        .join(', ')} has a field of its own above`,
    };
  }
  const settings: JsonObject = { ...(other as JsonObject) };
  for (const { key } of TYPED_SETTINGS) {
    const value = draft[key].trim();
    if (value) {
      settings[key] = value;
    }
  }
  return { settings };
}
