/** The title of a list entry's card: its name, else its number. */
export function entryTitle(t: (key: string, o?: Record<string, unknown>) => string, name: string | undefined, index: number): string {
  return name?.trim() || t('onboarding.flow.entryNumber', { n: index + 1 });
}
