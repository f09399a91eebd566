import { useRef, useState } from 'react';
import { App, Button, Drawer, Form, Input, InputNumber, Space, Switch, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Perm } from '@mg/domain';
import { Can } from './_permission';
import { tablePagination, usePagedRequest, useUrlFilters, useFormSubmit, FormModal } from './_shared';
import { listOf, sysApi, type DictItemRecord, type DictRecord } from './api';

type Values = Record<string, unknown>;

/** A small add/edit dialog shared by dictionaries and their items. */
function EditModal({ title, initialValues, fields, onSubmit, onClose }: { title: string; initialValues: Values; fields: React.ReactNode; onSubmit: (v: Values) => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const submitter = useFormSubmit(form, async (v: Values) => {
    await onSubmit(v);
    message.success(t('screens.common.saved'));
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

function DictItemsDrawer({ dict, onClose }: { dict: DictRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const items = useQuery({ queryKey: ['sys', 'dictItems', dict?.id], queryFn: () => sysApi.dictItems(dict?.id as number), enabled: dict !== null });
  const [editing, setEditing] = useState<DictItemRecord | null | undefined>(undefined);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['sys', 'dictItems', dict?.id] });
  return (
    <Drawer
      open={dict !== null}
      onClose={onClose}
      width={720}
      title={t('screens.dicts.itemsOf', { name: dict?.dictName ?? '' })}
      destroyOnHidden
      extra={
        <Can code={Perm.DICT_EDIT}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('screens.dicts.addItem')}
          </Button>
        </Can>
      }
    >
      <Table<DictItemRecord>
        rowKey="id"
        size="small"
        loading={items.isLoading}
        dataSource={listOf(items.data)}
        pagination={false}
        columns={[
          { title: t('screens.dicts.itemValue'), dataIndex: 'itemValue' },
          { title: t('screens.dicts.itemText'), dataIndex: 'itemText' },
          { title: t('screens.dicts.description'), dataIndex: 'description', render: (v: string | null) => v || '-' },
          { title: t('screens.common.sort'), dataIndex: 'sortOrder', width: 70 },
          {
            title: t('screens.dicts.status'),
            dataIndex: 'status',
            render: (v: number | undefined) => (v === 0 ? <Tag color="red">{t('screens.common.disabled')}</Tag> : <Tag color="green">{t('screens.common.enabled')}</Tag>),
          },
          {
            title: t('screens.common.actions'),
            key: 'actions',
            render: (_, r) => (
              <Can code={Perm.DICT_EDIT}>
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
                  {t('screens.common.edit')}
                </Button>
              </Can>
            ),
          },
        ]}
      />
      {editing !== undefined && dict && (
        <EditModal
          title={t(editing ? 'screens.dicts.editItem' : 'screens.dicts.addItem')}
          initialValues={editing ? { ...editing, enabled: editing.status !== 0 } : { sortOrder: 0, enabled: true }}
          onClose={() => setEditing(undefined)}
          onSubmit={async (v) => {
            const body = { dictId: dict.id, itemValue: v.itemValue, itemText: v.itemText, description: v.description ?? null, sortOrder: v.sortOrder ?? 0, status: v.enabled === false ? 0 : 1 };
            if (editing) await sysApi.editDictItem({ id: editing.id, ...body });
            else await sysApi.addDictItem(body);
            await reload();
          }}
          fields={
            <>
              <Form.Item name="itemValue" label={t('screens.dicts.itemValue')} rules={[{ required: true, whitespace: true, message: t('screens.dicts.valueRequired') }]}>
                <Input maxLength={100} disabled={editing !== null} />
              </Form.Item>
              <Form.Item name="itemText" label={t('screens.dicts.itemText')} rules={[{ required: true, whitespace: true, message: t('screens.dicts.textRequired') }]}>
                <Input maxLength={255} />
              </Form.Item>
              <Form.Item name="description" label={t('screens.dicts.description')}>
                <Input maxLength={255} />
              </Form.Item>
              <Space size="large">
                <Form.Item name="sortOrder" label={t('screens.common.sort')}>
                  <InputNumber min={0} max={9999} precision={0} />
                </Form.Item>
                <Form.Item name="enabled" label={t('screens.dicts.status')} valuePropName="checked">
                  <Switch checkedChildren={t('screens.common.enabled')} unCheckedChildren={t('screens.common.disabled')} />
                </Form.Item>
              </Space>
            </>
          }
        />
      )}
    </Drawer>
  );
}

/** Dictionary admin (platform): dictionaries and their items. */
export default function Dictionaries() {
  const { t } = useTranslation();
  const actionRef = useRef<ActionType>(undefined);
  const { initial, write } = useUrlFilters();
  const request = usePagedRequest<DictRecord>('/sys/dict/list', write);
  const [editing, setEditing] = useState<DictRecord | null | undefined>(undefined);
  const [viewing, setViewing] = useState<DictRecord | null>(null);

  const columns: ProColumns<DictRecord>[] = [
    { title: t('screens.dicts.dictName'), dataIndex: 'dictName', initialValue: initial.dictName },
    { title: t('screens.dicts.dictCode'), dataIndex: 'dictCode', initialValue: initial.dictCode, copyable: true },
    { title: t('screens.dicts.description'), dataIndex: 'description', search: false, ellipsis: true },
    {
      title: t('screens.common.actions'),
      valueType: 'option',
      key: 'actions',
      render: (_, r) => [
        <Button key="items" type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => setViewing(r)}>
          {t('screens.dicts.items')}
        </Button>,
        <Can key="edit" code={Perm.DICT_EDIT}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
            {t('screens.common.edit')}
          </Button>
        </Can>,
      ],
    },
  ];

  return (
    <>
      <ProTable<DictRecord>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={request}
        headerTitle={t('screens.dicts.title')}
        pagination={tablePagination(initial)}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        toolBarRender={() => [
          <Can key="add" code={Perm.DICT_EDIT}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('screens.dicts.add')}
            </Button>
          </Can>,
        ]}
      />
      {editing !== undefined && (
        <EditModal
          title={t(editing ? 'screens.dicts.edit' : 'screens.dicts.add')}
          initialValues={editing ? { ...editing } : {}}
          onClose={() => setEditing(undefined)}
          onSubmit={async (v) => {
            const body = { dictName: v.dictName, dictCode: v.dictCode, description: v.description ?? null };
            if (editing) await sysApi.editDict({ ...body, id: editing.id, dictCode: editing.dictCode });
            else await sysApi.addDict(body);
            await actionRef.current?.reload();
          }}
          fields={
            <>
              <Form.Item name="dictName" label={t('screens.dicts.dictName')} rules={[{ required: true, whitespace: true, message: t('screens.dicts.nameRequired') }]}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item
                name="dictCode"
                label={t('screens.dicts.dictCode')}
                rules={[
                  { required: true, message: t('screens.dicts.codeRequired') },
                  { pattern: /^[a-z][a-z0-9_]{0,63}$/, message: t('screens.dicts.codeInvalid') },
                ]}
              >
                <Input maxLength={64} disabled={editing !== null} />
              </Form.Item>
              <Form.Item name="description" label={t('screens.dicts.description')}>
                <Input maxLength={255} />
              </Form.Item>
            </>
          }
        />
      )}
      <DictItemsDrawer dict={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
