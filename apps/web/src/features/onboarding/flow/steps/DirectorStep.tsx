/** `/shareholderAndDirector/director`: the directors, each with position and identity document. */
import { useTranslation } from 'react-i18next';
import type { Directors } from '@mg/domain';
import { useSection } from '../context';
import { EntryCard, FieldRow, FlowForm, TextInput } from '../fields';
import { entryTitle } from './entryTitle';
import { AddButton, IdDocumentField, NoEntries, PersonFields, useListEditor } from './persons';
import { StepIntro } from './StepIntro';

const S = 'director' as const;
type Director = NonNullable<Directors['directors']>[number];

export default function DirectorStep() {
  const { t } = useTranslation();
  const [section, set] = useSection(S);
  const list = section.directors ?? [];
  const edit = useListEditor<Director>(list, (directors) => set({ ...section, directors }), 'd');
  return (
    <FlowForm>
      <StepIntro section={S} />
      {list.length === 0 && <NoEntries />}
      {list.map((d, i) => {
        const change = (patch: Partial<Director>) => edit.change(d.key, patch);
        return (
          <EntryCard key={d.key} id={`ob-director-${i}`} title={entryTitle(t, d.name, i)} onRemove={() => edit.remove(d.key)}>
            <PersonFields section={S} list="directors" index={i} person={d} change={change} />
            <FieldRow section={S} path={`directors.${d.key}.position`} label={t('onboarding.field.position')} htmlFor={`ob-director-${i}-position`}>
              <TextInput id={`ob-director-${i}-position`} value={d.position} onChange={(v) => change({ position: v })} />
            </FieldRow>
            <IdDocumentField section={S} list="directors" index={i} person={d} change={change} />
          </EntryCard>
        );
      })}
      <AddButton id="ob-director-add" onClick={() => edit.add({})} disabled={list.length >= 50}>
        {t('onboarding.flow.addDirector')}
      </AddButton>
    </FlowForm>
  );
}
