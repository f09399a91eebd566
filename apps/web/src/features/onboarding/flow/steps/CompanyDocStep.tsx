/** Step 2 (`/company/companyDoc`): the company's documents, each type in its own upload (PDF or images). */
import { useTranslation } from 'react-i18next';
import { COMPANY_DOC_MAX_FILES, COMPANY_DOC_TYPES, FileBiz } from '@mg/domain';
import { useSection } from '../context';
import { FieldRow, FilesInput, FlowForm } from '../fields';
import { StepIntro } from './StepIntro';

const S = 'companyDoc' as const;

export default function CompanyDocStep() {
  const { t } = useTranslation();
  const [doc, set] = useSection(S);
  // The upload widget states the types, the size limit and the count itself.
  return (
    <FlowForm>
      <StepIntro section={S} />
      {COMPANY_DOC_TYPES.map((type) => (
        <FieldRow key={type} section={S} path={`documents.${type}`} label={t(`onboarding.docType.${type}`)} required>
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
