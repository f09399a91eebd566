/**
 * The list pages of natural persons (directors, beneficial owners, authorised persons): the fields every person has
 * and the list editing (add with a new key, change one entry, remove), shared by the three steps.
 */
import type { ReactNode } from 'react';
import { Button, Empty } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FileBiz, type OnboardingSectionValue } from '@mg/domain';
import { newKey, useFlow } from '../context';
import { CountrySelect, DateInput, FieldRow, FilesInput, TextInput } from '../fields';

/** At most two files of an identity document (both sides of an ID card). */
export const ID_DOCUMENT_MAX_FILES = 2;

export interface PersonBase {
  key: string;
  name?: string;
  dateOfBirth?: string;
  nationality?: string;
  idDocuments?: string[];
}

/** Add, change and remove entries of a list held in a section, keyed by the client. */
export function useListEditor<E extends { key: string }>(list: readonly E[], setList: (next: E[]) => void, prefix: string) {
  return {
    add: (init: Omit<E, 'key'>) => setList([...list, { ...init, key: newKey(prefix) } as E]),
    change: (key: string, patch: Partial<E>) => setList(list.map((e) => (e.key === key ? { ...e, ...patch } : e))),
    remove: (key: string) => setList(list.filter((e) => e.key !== key)),
  };
}

export function AddButton({ id, onClick, children, disabled }: { id: string; onClick: () => void; children: ReactNode; disabled?: boolean }) {
  const { editable } = useFlow();
  if (!editable) return null;
  return (
    <Button type="dashed" icon={<PlusOutlined />} onClick={onClick} data-testid={id} disabled={disabled} block>
      {children}
    </Button>
  );
}

export function NoEntries() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('onboarding.flow.noEntries')} />;
}

/** Name, date of birth and nationality of a person (`ob-<section>-<index>-<field>`). */
export function PersonFields<P extends PersonBase>({ section, list, index, person, change, required = true }: { section: OnboardingSectionValue; list: string; index: number; person: P; change: (patch: Partial<P>) => void; required?: boolean }) {
  const { t } = useTranslation();
  const id = (f: string) => `ob-${section}-${index}-${f}`;
  const path = (f: string) => `${list}.${person.key}.${f}`;
  return (
    <>
      <FieldRow section={section} path={path('name')} label={t('onboarding.field.name')} htmlFor={id('name')} required>
        <TextInput id={id('name')} value={person.name} onChange={(v) => change({ name: v } as Partial<P>)} />
      </FieldRow>
      <FieldRow section={section} path={path('dateOfBirth')} label={t('onboarding.field.dateOfBirth')} htmlFor={id('dateOfBirth')} required={required}>
        <DateInput id={id('dateOfBirth')} value={person.dateOfBirth} onChange={(v) => change({ dateOfBirth: v } as Partial<P>)} />
      </FieldRow>
      <FieldRow section={section} path={path('nationality')} label={t('onboarding.field.nationality')} htmlFor={id('nationality')} required={required}>
        <CountrySelect id={id('nationality')} value={person.nationality} onChange={(v) => change({ nationality: v } as Partial<P>)} />
      </FieldRow>
    </>
  );
}

/** The identity document of a person (PDF or image, both sides). */
export function IdDocumentField<P extends PersonBase>({ section, list, index, person, change, required = true, hint }: { section: OnboardingSectionValue; list: string; index: number; person: P; change: (patch: Partial<P>) => void; required?: boolean; hint?: ReactNode }) {
  const { t } = useTranslation();
  const id = `ob-${section}-${index}-idDocuments`;
  return (
    <FieldRow section={section} path={`${list}.${person.key}.idDocuments`} label={t('onboarding.field.idDocuments')} required={required} hint={hint}>
      <FilesInput id={id} biz={FileBiz.DOCUMENT} maxCount={ID_DOCUMENT_MAX_FILES} ids={person.idDocuments} onChange={(ids) => change({ idDocuments: ids } as Partial<P>)} />
    </FieldRow>
  );
}
