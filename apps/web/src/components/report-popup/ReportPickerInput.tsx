/**
 * A form input that takes its value from a report's popup picker (spec §5), or as typed: the merchant filter of
 * provider staff's lists opens the `merchants` report instead of asking for an id from memory.
 */
import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { ReportPopup } from './ReportPopup';

export interface ReportPickerInputProps {
  code: string;
  /** The report column whose value the input takes. */
  field: string;
  value?: string | number | undefined;
  onChange?: (value: string | undefined) => void;
  inputMode?: 'numeric' | 'text';
  testId?: string;
}

export function ReportPickerInput({ code, field, value, onChange, inputMode, testId }: ReportPickerInputProps) {
  const [open, setOpen] = useState(false);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(e) => onChange?.(e.target.value === '' ? undefined : e.target.value)}
        inputMode={inputMode}
        allowClear
        data-testid={testId}
      />
      <Button icon={<SearchOutlined />} onClick={() => setOpen(true)} data-testid={testId ? `${testId}-pick` : undefined} />
      <ReportPopup
        code={code}
        open={open}
        sourceFields={[field]}
        targetFields={['value']}
        onClose={() => setOpen(false)}
        onChoose={([row]) => {
          setOpen(false);
          const v = row?.value;
          onChange?.(v === undefined || v === null ? undefined : String(v));
        }}
      />
    </Space.Compact>
  );
}
