/**
 * Dictionary admin (platform): the declared list of dictionaries (packages/domain dictionaries/list.ts), each with
 * its items in a drawer; dictionaries and items added and edited in a dialog.
 */
import { useState, type ReactNode } from 'react';
import { App, Button, Drawer, Form, Input, InputNumber, Space, Switch, Table } from 'antd';
import { EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DICT_CODE_MAX_LENGTH,
  DICT_CODE_RE,
  DICT_DESCRIPTION_MAX_LENGTH,
  DICT_ITEM_TEXT_MAX_LENGTH,
  DICT_ITEM_VALUE_MAX_LENGTH,
  DICT_NAME_MAX_LENGTH,
  DICT_SORT_MAX,
  DICT_STATUS_COLORS,
  DictStatus,
  Perm,
  dictionariesList,
} from '@mg/domain';
import { Can } from '../../components/Can';
import { FormModal, useFormSubmit } from '../../components/forms';
import { ListPage, StatusTag } from '../../components/list';
import { useDictItems, useSaveDict, useSaveDictItem, type DictItemRecord, type DictRecord } from './hooks';

type Values = Record<string, unknown>;

/** A small add/edit dialog shared by dictionaries and their items. */
function EditModal({ title, initialValues, fields, onSubmit, onClose }: { title: string; initialValues: Values; fields: ReactNode; onSubmit: (v: Values) => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const submitter = useFormSubmit(form, async (v: Values) => {
    await onSubmit(v);
    message.success(t('common.messages.saved'));
    onClose();
  });
  return (
    <FormModal title={title} submitter={submitter} onClose={onClose}>
      <Form form={form} name="dictForm" layout="vertical" initialValues={initialValues}>
        {fields}
      </Form>
    </FormModal>
  );
}

const statusOf = (enabled: unknown) => (enabled === false ? DictStatus.DISABLED : DictStatus.ENABLED);

function DictItemsDrawer({ dict, onClose }: { dict: DictRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const items = useDictItems(dict?.id ?? null);
  const save = useSaveDictItem();
  const [editing, setEditing] = useState<DictItemRecord | null | undefined>(undefined);
  return (
    <Drawer
      open={dict !== null}
      onClose={onClose}
      width={720}
      title={t('dictionaries.itemsOf', { name: dict ? t(dict.dictNameKey, { defaultValue: dict.dictNameKey }) : '' })}
      destroyOnHidden
      extra={
        <Can code={Perm.DICT_EDIT}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('dictionaries.addItem')}
          </Button>
        </Can>
      }
    >
      <Table<DictItemRecord>
        rowKey="id"
        size="small"
        loading={items.isLoading}
        dataSource={items.data?.records ?? []}
        pagination={false}
        columns={[
          { title: t('dictionaries.itemValue'), dataIndex: 'itemValue' },
          { title: t('dictionaries.itemText'), dataIndex: 'itemText' },
          { title: t('common.fields.sort'), dataIndex: 'sortOrder', width: 70 },
          { title: t('dictionaries.status'), dataIndex: 'status', render: (v: number) => <StatusTag value={v} labels="dictionaries.statuses" colors={DICT_STATUS_COLORS} /> },
          {
            title: t('common.fields.actions'),
            key: 'actions',
            render: (_, r) => (
              <Can code={Perm.DICT_EDIT}>
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
                  {t('common.actions.edit')}
                </Button>
              </Can>
            ),
          },
        ]}
      />
      {editing !== undefined && dict && (
        <EditModal
          title={t(editing ? 'dictionaries.editItem' : 'dictionaries.addItem')}
          initialValues={editing ? { itemValue: editing.itemValue, itemText: editing.itemText, sortOrder: editing.sortOrder, enabled: editing.status !== DictStatus.DISABLED } : { sortOrder: 0, enabled: true }}
          onClose={() => setEditing(undefined)}
          onSubmit={(v) =>
            save.mutateAsync({
              ...(editing ? { id: editing.id } : {}),
              dictId: dict.id,
              itemValue: String(v.itemValue ?? '').trim(),
              itemText: String(v.itemText ?? '').trim(),
              sortOrder: Number(v.sortOrder ?? 0),
              status: statusOf(v.enabled),
            })
          }
          fields={
            <>
              <Form.Item name="itemValue" label={t('dictionaries.itemValue')} rules={[{ required: true, whitespace: true, message: t('dictionaries.valueRequired') }]}>
                <Input maxLength={DICT_ITEM_VALUE_MAX_LENGTH} disabled={editing !== null} />
              </Form.Item>
              <Form.Item name="itemText" label={t('dictionaries.itemText')} rules={[{ required: true, whitespace: true, message: t('dictionaries.textRequired') }]}>
                <Input maxLength={DICT_ITEM_TEXT_MAX_LENGTH} />
              </Form.Item>
              <Space size="large">
                <Form.Item name="sortOrder" label={t('common.fields.sort')}>
                  <InputNumber min={0} max={DICT_SORT_MAX} precision={0} />
                </Form.Item>
                <Form.Item name="enabled" label={t('dictionaries.status')} valuePropName="checked">
                  <Switch checkedChildren={t('dictionaries.statuses.1')} unCheckedChildren={t('dictionaries.statuses.0')} />
                </Form.Item>
              </Space>
            </>
          }
        />
      )}
    </Drawer>
  );
}

export default function DictionariesPage() {
  const { t } = useTranslation();
  const save = useSaveDict();
  const [editing, setEditing] = useState<DictRecord | null | undefined>(undefined);
  const [viewing, setViewing] = useState<DictRecord | null>(null);

  return (
    <>
      <ListPage
        list={dictionariesList}
        tools={[
          <Can key="add" code={Perm.DICT_EDIT}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('dictionaries.add')}
            </Button>
          </Can>,
        ]}
        actions={(r) => [
          <Button key="items" type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => setViewing(r)}>
            {t('dictionaries.items')}
          </Button>,
          <Can key="edit" code={Perm.DICT_EDIT}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
              {t('common.actions.edit')}
            </Button>
          </Can>,
        ]}
      />
      {editing !== undefined && (
        <EditModal
          title={t(editing ? 'dictionaries.edit' : 'dictionaries.add')}
          // The stored name (an i18n key or a typed name) is edited, so saving keeps a key a key.
          initialValues={editing ? { dictName: editing.dictNameKey, dictCode: editing.dictCode, description: editing.description } : {}}
          onClose={() => setEditing(undefined)}
          onSubmit={(v) =>
            save.mutateAsync({
              ...(editing ? { id: editing.id } : {}),
              dictName: String(v.dictName ?? '').trim(),
              dictCode: editing ? editing.dictCode : String(v.dictCode ?? '').trim(),
              description: v.description ? String(v.description) : null,
            })
          }
          fields={
            <>
              <Form.Item name="dictName" label={t('dictionaries.dictName')} rules={[{ required: true, whitespace: true, message: t('dictionaries.nameRequired') }]}>
                <Input maxLength={DICT_NAME_MAX_LENGTH} />
              </Form.Item>
              <Form.Item
                name="dictCode"
                label={t('dictionaries.dictCode')}
                rules={[
                  { required: true, message: t('dictionaries.codeRequired') },
                  { pattern: DICT_CODE_RE, message: t('dictionaries.codeInvalid') },
                ]}
              >
                <Input maxLength={DICT_CODE_MAX_LENGTH} disabled={editing !== null} />
              </Form.Item>
              <Form.Item name="description" label={t('dictionaries.description')}>
                <Input maxLength={DICT_DESCRIPTION_MAX_LENGTH} />
              </Form.Item>
            </>
          }
        />
      )}
      <DictItemsDrawer dict={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
