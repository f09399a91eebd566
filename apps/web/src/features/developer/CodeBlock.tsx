import { Button } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCopyToClipboard } from '../../components/copy';

/** Code to copy: a scrolling block with a copy button (the documentation's examples, the canonical string). */
export function CodeBlock({ code, testId }: { code: string; testId?: string }) {
  const { t } = useTranslation();
  const copy = useCopyToClipboard(t('developer.copied'), t('developer.copyFailed'));
  return (
    <div className="doc-code" data-testid={testId}>
      <Button size="small" className="doc-code-copy" icon={<CopyOutlined />} onClick={() => void copy(code)} data-testid={testId ? `${testId}-copy` : undefined}>
        {t('developer.copy')}
      </Button>
      {/* Focusable, so a keyboard can scroll a line wider than the block (WCAG 2.1.1). */}
      <pre tabIndex={0}>{code}</pre>
    </div>
  );
}
