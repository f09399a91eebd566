import { useMemo, useState } from 'react';
import { App, Button, Card, Col, Descriptions, Empty, Form, Input, InputNumber, Popconfirm, Row, Space, Spin, Table, Tree, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, USER_STATUS_COLORS, type ListRecord, type usersList } from '@mg/domain';
import { isApiError } from '../../api';
import { Can } from '../../components/Can';
import { StatusTag } from '../../components/list';
import { useFormatInstant } from '../../components/list/paging';
import { useFormSubmit, FormModal } from '../../components/forms';
import { useDeleteDepart, useDepartTree, useDepartUsers, useSaveDepart, type DepartNode } from './hooks';

function flatten(nodes: DepartNode[] | undefined): DepartNode[] {
  return (nodes ?? []).flatMap((n) => [n, ...flatten(n.children)]);
}

function toTree(nodes: DepartNode[] | undefined): { key: string; title: string; children?: ReturnType<typeof toTree> }[] {
  return (nodes ?? []).map((n) => ({ key: String(n.id), title: n.departName ?? n.title ?? '', children: n.children?.length ? toTree(n.children) : undefined }));
}

interface DepartFormValues {
  departName: string;
  orgCode?: string;
  sortOrder?: number;
}

function DepartFormModal({ mode, depart, parent, onClose }: { mode: 'add' | 'edit'; depart: DepartNode | null; parent: DepartNode | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DepartFormValues>();
  const save = useSaveDepart();
  const submitter = useFormSubmit(form, async (values: DepartFormValues) => {
    const common = { departName: values.departName.trim(), sortOrder: values.sortOrder ?? 0 };
    if (mode === 'edit' && depart) await save.mutateAsync({ id: depart.id, parentId: depart.parentId ?? null, ...common });
    else await save.mutateAsync({ parentId: parent?.id ?? null, ...common });
    message.success(t('common.messages.saved'));
    onClose();
  });
  return (
    <FormModal
      title={t(mode === 'edit' ? 'departments.edit' : parent ? 'departments.addChild' : 'departments.addRoot')}
      submitter={submitter}
      onClose={onClose}
    >
      {parent && mode === 'add' && (
        <Typography.Paragraph type="secondary">{t('departments.parentIs', { name: parent.departName })}</Typography.Paragraph>
      )}
      <Form form={form} name="departForm" layout="vertical" initialValues={mode === 'edit' && depart ? { departName: depart.departName, sortOrder: depart.sortOrder ?? 0 } : { sortOrder: 0 }}>
        <Form.Item name="departName" label={t('departments.name')} rules={[{ required: true, whitespace: true, message: t('departments.nameRequired') }]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('common.fields.sort')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export default function Departments() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const fmt = useFormatInstant();
  const tree = useDepartTree();
  const deleteDepart = useDeleteDepart();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ mode: 'add' | 'edit'; parent: DepartNode | null } | null>(null);
  const all = useMemo(() => flatten(tree.data), [tree.data]);
  const selected = all.find((d) => Number(d.id) === selectedId) ?? null;
  const parentOfSelected = selected?.parentId != null ? (all.find((d) => Number(d.id) === Number(selected.parentId)) ?? null) : null;
  const users = useDepartUsers(selectedId);

  const remove = async () => {
    if (!selected) return;
    try {
      await deleteDepart.mutateAsync(selected.id);
      message.success(t('common.messages.deleted'));
      setSelectedId(null);
    } catch (e) {
      modal.error({
        title: t('departments.deleteFailed'),
        content: (
          <>
            <Typography.Paragraph>{isApiError(e) ? e.message : String(e)}</Typography.Paragraph>
            {isApiError(e) && (e.httpStatus === 422 || e.httpStatus === 409) && <Typography.Paragraph type="secondary">{t('departments.deleteBlocked')}</Typography.Paragraph>}
          </>
        ),
        okText: t('common.actions.ok'),
      });
    }
  };

  return (
    <Row gutter={16}>
      <Col xs={24} md={9} lg={8}>
        <Card
          title={t('departments.title')}
          extra={
            <Can code={Perm.DEPART_ADD}>
              <Button size="small" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add', parent: null })}>
                {t('departments.addRoot')}
              </Button>
            </Can>
          }
        >
          {tree.isLoading ? (
            <Spin />
          ) : all.length === 0 ? (
            <Empty description={t('departments.none')} />
          ) : (
            <Tree
              showLine
              defaultExpandAll
              treeData={toTree(tree.data)}
              selectedKeys={selectedId !== null ? [String(selectedId)] : []}
              onSelect={(keys) => setSelectedId(keys.length ? Number(keys[0]) : null)}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={15} lg={16}>
        <Card
          title={selected ? selected.departName : t('departments.details')}
          extra={
            selected && (
              <Space>
                <Can code={Perm.DEPART_ADD}>
                  <Button size="small" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add', parent: selected })}>
                    {t('departments.addChild')}
                  </Button>
                </Can>
                <Can code={Perm.DEPART_EDIT}>
                  <Button size="small" icon={<EditOutlined />} onClick={() => setDialog({ mode: 'edit', parent: null })}>
                    {t('common.actions.edit')}
                  </Button>
                </Can>
                <Can code={Perm.DEPART_DELETE}>
                  <Popconfirm
                    title={t('departments.deleteConfirm', { name: selected.departName })}
                    okText={t('common.actions.confirm')}
                    cancelText={t('common.actions.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove()}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />}>
                      {t('common.actions.delete')}
                    </Button>
                  </Popconfirm>
                </Can>
              </Space>
            )
          }
        >
          {!selected ? (
            <Empty description={t('departments.pick')} />
          ) : (
            <>
              <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered style={{ marginBottom: 16 }}>
                <Descriptions.Item label={t('departments.name')}>{selected.departName}</Descriptions.Item>
                <Descriptions.Item label={t('departments.orgCode')}>{selected.orgCode}</Descriptions.Item>
                <Descriptions.Item label={t('departments.parent')}>{parentOfSelected?.departName ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('common.fields.sort')}>{selected.sortOrder ?? 0}</Descriptions.Item>
              </Descriptions>
              <Typography.Title level={5}>{t('departments.users')}</Typography.Title>
              <Table<ListRecord<typeof usersList>>
                rowKey="id"
                size="small"
                loading={users.isLoading}
                dataSource={users.data ?? []}
                pagination={false}
                columns={[
                  { title: t('users.username'), dataIndex: 'username' },
                  { title: t('users.realname'), dataIndex: 'realname' },
                  { title: t('users.email'), dataIndex: 'email' },
                  {
                    title: t('users.status'),
                    key: 'status',
                    render: (_, r) => <StatusTag value={r.status} labels="users.statuses" colors={USER_STATUS_COLORS} />,
                  },
                  { title: t('common.fields.createdAt'), key: 'createTime', render: (_, r) => fmt(r.createdAt) },
                ]}
              />
            </>
          )}
        </Card>
      </Col>
      {dialog && (
        <DepartFormModal
          mode={dialog.mode}
          depart={selected}
          parent={dialog.parent}
          onClose={() => setDialog(null)}
        />
      )}
    </Row>
  );
}
