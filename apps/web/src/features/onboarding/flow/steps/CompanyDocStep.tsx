/** Step 2 (`/company/companyDoc`): the company's documents, each type in its own upload (PDF or images). */
import { useTranslation } from 'react-i18next';
import { COMPANY_DOC_MAX_FILES, COMPANY_DOC_TYPES, FILE_BIZ_RULES, FileBiz } from '@mg/domain';
import { useSection } from '../context';
import { FieldRow, FilesInput, FlowForm } from '../fields';
import { StepIntro } from './StepIntro';

const S = 'companyDoc' as const;
const MB = 1024 * 1024;

export default function CompanyDocStep() {
  const { t } = useTranslation();
  const [doc, set] = useSection(S);
  const rule = FILE_BIZ_RULES[FileBiz.DOCUMENT];
  const hint = t('onboarding.flow.docHint', { types: rule.types.map((x) => x.toUpperCase()).join(', '), mb: rule.maxBytes / MB, count: COMPANY_DOC_MAX_FILES });
  return (
    <FlowForm>
      <StepIntro section={S} />
      {COMPANY_DOC_TYPES.map((type) => (
        <FieldRow key={type} section={S} path={`documents.${type}`} label={t(`onboarding.docType.${type}`)} required hint={hint}>
          <FilesInput
            id={`ob-companyDoc-${type}`}
            biz={FileBiz.DOCUMENT}
            maxCount={COMPANY_DOC_MAX_FILES}
            ids={doc.documents?.[type]}
            onChange={(ids) => set({ ...doc, documents: { ...doc.documents, [type]: ids } })}
          />
        </FieldRow>
      ))}
    </FlowForm>
  );
}
