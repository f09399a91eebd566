/** `/shareholderAndDirector/authorizedPerson`: who may act for the company (the video identification is theirs). */
import { useTranslation } from 'react-i18next';
import { authorizedPersonSchema, type AuthorizedPersons } from '@mg/domain';
import { useSection } from '../context';
import { EntryCard, FieldRow, FlowForm, TextInput } from '../fields';
import { entryTitle } from './entryTitle';
import { AddButton, IdDocumentField, NoEntries, useListEditor } from './persons';
import { StepIntro } from './StepIntro';

const S = 'authorizedPerson' as const;
type Person = NonNullable<AuthorizedPersons['persons']>[number];
const MAX_PERSONS = 10;
const PHONE_MAX = 32;
/** The e-mail rule of the section's schema (the server's). */
const validEmail = (email: string) => authorizedPersonSchema.safeParse({ persons: [{ key: 'k', email }] }).success;

export default function AuthorizedPersonStep() {
  const { t } = useTranslation();
  const [section, set] = useSection(S);
  const list = section.persons ?? [];
  const edit = useListEditor<Person>(list, (persons) => set({ ...section, persons }), 'p');
  return (
    <FlowForm>
      <StepIntro section={S} />
      {list.length === 0 && <NoEntries />}
      {list.map((p, i) => {
        const change = (patch: Partial<Person>) => edit.change(p.key, patch);
        const id = (f: string) => `ob-authorizedPerson-${i}-${f}`;
        const path = (f: string) => `persons.${p.key}.${f}`;
        const badEmail = Boolean(p.email) && !validEmail(p.email ?? '');
        return (
          <EntryCard key={p.key} id={`ob-authorizedPerson-${i}`} title={entryTitle(t, p.name, i)} onRemove={() => edit.remove(p.key)}>
            <FieldRow section={S} path={path('name')} label={t('onboarding.field.name')} htmlFor={id('name')} required>
              <TextInput id={id('name')} value={p.name} onChange={(v) => change({ name: v })} />
            </FieldRow>
            <FieldRow section={S} path={path('email')} label={t('onboarding.field.email')} htmlFor={id('email')} required error={badEmail ? t('onboarding.flow.invalidEmail') : null}>
              <TextInput id={id('email')} type="email" value={p.email} onChange={(v) => change({ email: v.trim() })} />
            </FieldRow>
            <FieldRow section={S} path={path('phone')} label={t('onboarding.field.phone')} htmlFor={id('phone')}>
              <TextInput id={id('phone')} type="tel" value={p.phone} onChange={(v) => change({ phone: v.slice(0, PHONE_MAX) })} />
            </FieldRow>
            <FieldRow section={S} path={path('title')} label={t('onboarding.field.title')} htmlFor={id('title')}>
              <TextInput id={id('title')} value={p.title} onChange={(v) => change({ title: v })} />
            </FieldRow>
            <IdDocumentField section={S} list="persons" index={i} person={p} change={change} />
          </EntryCard>
        );
      })}
      <AddButton id="ob-authorizedPerson-add" onClick={() => edit.add({})} disabled={list.length >= MAX_PERSONS}>
        {t('onboarding.flow.addAuthorizedPerson')}
      </AddButton>
    </FlowForm>
  );
}
