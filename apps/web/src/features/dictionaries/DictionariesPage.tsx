import { useRef, useState } from 'react';
import { App, Button, Drawer, Form, Input, InputNumber, Space, Switch, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Perm } from '@mg/domain';
import { Can } from '../../components/Can';
import { tablePagination, usePagedRequest, useUrlFilters } from '../../components/list/paging';
import { useFormSubmit, FormModal } from '../../components/forms';
import { listOf, sysApi, type DictItemRecord, type DictRecord } from '../users/api';

type Values = Record<string, unknown>;

/** A small add/edit dialog shared by dictionaries and their items. */
function EditModal({ title, initialValues, fields, onSubmit, onClose }: { title: string; initialValues: Values; fields: React.ReactNode; onSubmit: (v: Values) => Promise<unknown>; onClose: () => void }) {
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
      title={t('dictionaries.itemsOf', { name: dict?.dictName ?? '' })}
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
        dataSource={listOf(items.data)}
        pagination={false}
        columns={[
          { title: t('dictionaries.itemValue'), dataIndex: 'itemValue' },
          { title: t('dictionaries.itemText'), dataIndex: 'itemText' },
          { title: t('dictionaries.description'), dataIndex: 'description', render: (v: string | null) => v || '-' },
          { title: t('common.fields.sort'), dataIndex: 'sortOrder', width: 70 },
          {
            title: t('dictionaries.status'),
            dataIndex: 'status',
            render: (v: number | undefined) => (v === 0 ? <Tag color="red">{t('common.status.disabled')}</Tag> : <Tag color="green">{t('common.status.enabled')}</Tag>),
          },
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
              <Form.Item name="itemValue" label={t('dictionaries.itemValue')} rules={[{ required: true, whitespace: true, message: t('dictionaries.valueRequired') }]}>
                <Input maxLength={100} disabled={editing !== null} />
              </Form.Item>
              <Form.Item name="itemText" label={t('dictionaries.itemText')} rules={[{ required: true, whitespace: true, message: t('dictionaries.textRequired') }]}>
                <Input maxLength={255} />
              </Form.Item>
              <Form.Item name="description" label={t('dictionaries.description')}>
                <Input maxLength={255} />
              </Form.Item>
              <Space size="large">
                <Form.Item name="sortOrder" label={t('common.fields.sort')}>
                  <InputNumber min={0} max={9999} precision={0} />
                </Form.Item>
                <Form.Item name="enabled" label={t('dictionaries.status')} valuePropName="checked">
                  <Switch checkedChildren={t('common.status.enabled')} unCheckedChildren={t('common.status.disabled')} />
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
    { title: t('dictionaries.dictName'), dataIndex: 'dictName', initialValue: initial.dictName },
    { title: t('dictionaries.dictCode'), dataIndex: 'dictCode', initialValue: initial.dictCode, copyable: true },
    { title: t('dictionaries.description'), dataIndex: 'description', search: false, ellipsis: true },
    {
      title: t('common.fields.actions'),
      valueType: 'option',
      key: 'actions',
      render: (_, r) => [
        <Button key="items" type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => setViewing(r)}>
          {t('dictionaries.items')}
        </Button>,
        <Can key="edit" code={Perm.DICT_EDIT}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
            {t('common.actions.edit')}
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
        headerTitle={t('dictionaries.title')}
        pagination={tablePagination(initial)}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        toolBarRender={() => [
          <Can key="add" code={Perm.DICT_EDIT}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('dictionaries.add')}
            </Button>
          </Can>,
        ]}
      />
      {editing !== undefined && (
        <EditModal
          title={t(editing ? 'dictionaries.edit' : 'dictionaries.add')}
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
              <Form.Item name="dictName" label={t('dictionaries.dictName')} rules={[{ required: true, whitespace: true, message: t('dictionaries.nameRequired') }]}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item
                name="dictCode"
                label={t('dictionaries.dictCode')}
                rules={[
                  { required: true, message: t('dictionaries.codeRequired') },
                  { pattern: /^[a-z][a-z0-9_]{0,63}$/, message: t('dictionaries.codeInvalid') },
                ]}
              >
                <Input maxLength={64} disabled={editing !== null} />
              </Form.Item>
              <Form.Item name="description" label={t('dictionaries.description')}>
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
