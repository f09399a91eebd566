import { ERROR_CATALOGUE, fieldKey, translate, type ErrorCode, type ErrorParams, type Language } from '@mg/domain';
import { loadResources } from '@mg/domain/tools/resources';

// The namespace resources (area and shared translations) are read from disk once, before anything translates.
loadResources();

export function t(lang: Language, key: string, params?: ErrorParams): string {
  return translate(lang, key, params);
}

/** True when `key` has a text (translate answers the key itself for a missing one). */
export function hasText(lang: Language, key: string): boolean {
  return translate(lang, key) !== key;
}

export function catalogueMessage(lang: Language, code: ErrorCode, params?: ErrorParams): string {
  return t(lang, ERROR_CATALOGUE[code].messageKey, params);
}

/** Translated label of a request field; the field name itself when the catalogue does not know it. */
export function fieldLabel(lang: Language, field: string): string {
  const key = fieldKey(field);
  return key && hasText(lang, key) ? t(lang, key) : field;
}

/**
 * A field problem as one translated sentence that names the field: the specific message when its key has a
 * text, else the catalogue's FIELD_INVALID; prefixed with the label unless the sentence already contains it.
 */
export function fieldMessage(lang: Language, label: string, messageKey: string | undefined, params: ErrorParams = {}): string {
  const p = { ...params, field: label };
  const text = messageKey && hasText(lang, messageKey) ? t(lang, messageKey, p) : catalogueMessage(lang, 'FIELD_INVALID', p);
  return text.includes(label) ? text : `${label}: ${text}`;
}
