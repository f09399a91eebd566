/**
 * The details of one record of a list that has no drawer of its own: every column of the declaration the reader
 * may see (the optional ones too), drawn as the table draws them. Opened for the record a link names
 * (`?id=...&open=1`, the header search's hits), so a hit shows its record wherever the list keeps its details.
 */
import type { ReactNode } from 'react';
import { Descriptions, Drawer } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';

type Row = Record<string, unknown>;

/** A drawer's width that leaves a phone's screen a margin. */
const WIDTH = 'min(560px, 100vw)';

export function RecordDrawer({ columns, record, rowKey, onClose }: { columns: readonly ProColumns<Row>[]; record: Row | null; rowKey: string; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = columns.filter((c) => !c.hideInTable && c.valueType !== 'option');
  return (
    <Drawer
      open={record !== null}
      onClose={onClose}
      width={WIDTH}
      title={record ? `${t('common.actions.details')} · ${String(record[rowKey] ?? '')}` : undefined}
      destroyOnHidden
      data-testid="record-drawer"
    >
      {record && (
        <Descriptions column={1} size="small" bordered data-testid="record-fields">
          {shown.map((c) => (
            <Descriptions.Item key={String(c.key ?? c.dataIndex)} label={c.title as ReactNode}>
              {(c.render as ((v: unknown, r: Row, i: number) => ReactNode) | undefined)?.(record[String(c.dataIndex)], record, 0) ?? String(record[String(c.dataIndex)] ?? '-')}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Drawer>
  );
}
