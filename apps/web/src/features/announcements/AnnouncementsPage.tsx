import { useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Tag, Typography } from 'antd';
import { EditOutlined, PlusOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_STATUS, ANNOUNCEMENT_STATUSES, AnnouncementStatus, Perm, type AnnouncementStatusValue } from '@mg/domain';
import { Can } from '../../components/Can';
import { tablePagination, useFormatInstant, usePagedRequest, useUrlFilters } from '../../components/list/paging';
import { useFormSubmit, FormModal } from '../../components/forms';
import { createdOf, sysApi, type AnnouncementRecord } from '../users/api';

const STATUS_COLORS: Record<string, string> = { draft: 'default', released: 'green', revoked: 'orange' };
/** Highest first, as the form offers them. */
export const PRIORITIES = [...ANNOUNCEMENT_PRIORITIES].reverse();
const PRIORITY_COLORS: Record<string, string> = { H: 'red', M: 'blue', L: 'default' };

export function AnnouncementStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{ANNOUNCEMENT_STATUSES.includes(status as AnnouncementStatusValue) ? t(ANNOUNCEMENT_STATUS.i18nKey(status as AnnouncementStatusValue)) : status}</Tag>;
}

export function PriorityTag({ priority }: { priority: string | undefined }) {
  const { t } = useTranslation();
  const p = priority && PRIORITIES.includes(priority as (typeof PRIORITIES)[number]) ? priority : 'M';
  return <Tag color={PRIORITY_COLORS[p]}>{t(`announcements.priority.${p}`)}</Tag>;
}

interface FormValues {
  title: string;
  content: string;
  priority: string;
  merchantId?: number | null;
}

function AnnouncementFormModal({ record, onClose, onSaved }: { record: AnnouncementRecord | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const submitter = useFormSubmit(form, async (values: FormValues) => {
    const body = { title: values.title.trim(), content: values.content, priority: values.priority, merchantId: values.merchantId ? Number(values.merchantId) : null };
    if (record) await sysApi.editAnnouncement({ id: record.id, ...body });
    else await sysApi.addAnnouncement(body);
    message.success(t('common.messages.saved'));
    onSaved();
  });
  return (
    <FormModal
      width={720}
      title={t(record ? 'announcements.edit' : 'announcements.add')}
      okText={t('announcements.saveDraft')}
      submitter={submitter}
      onClose={onClose}
    >
      <Form
        form={form}
        name="announcementForm"
        layout="vertical"
        initialValues={record ? { title: record.title, content: record.content, priority: record.priority ?? 'M', merchantId: record.merchantId ?? undefined } : { priority: 'M' }}
      >
        <Form.Item name="title" label={t('announcements.titleLabel')} rules={[{ required: true, whitespace: true, message: t('announcements.titleRequired') }]}>
          <Input maxLength={255} showCount />
        </Form.Item>
        <Form.Item name="priority" label={t('announcements.priorityLabel')}>
          <Select options={PRIORITIES.map((p) => ({ value: p, label: t(`announcements.priority.${p}`) }))} />
        </Form.Item>
        <Form.Item name="merchantId" label={t('announcements.audience')} extra={t('announcements.audienceHint')}>
          <Input type="number" min={1} placeholder={t('announcements.allMerchants')} />
        </Form.Item>
        <Form.Item name="content" label={t('announcements.content')} rules={[{ required: true, whitespace: true, message: t('announcements.contentRequired') }]}>
          <Input.TextArea rows={8} maxLength={10_000} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export default function Announcements() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const fmt = useFormatInstant();
  const queryClient = useQueryClient();
  const actionRef = useRef<ActionType>(undefined);
  const { initial, write } = useUrlFilters();
  const request = usePagedRequest<AnnouncementRecord>('/sys/annountCement/list', write);
  const [editing, setEditing] = useState<AnnouncementRecord | null | undefined>(undefined);
  const [viewing, setViewing] = useState<AnnouncementRecord | null>(null);

  const after = async (key: string) => {
    message.success(t(key));
    await queryClient.invalidateQueries({ queryKey: ['sys', 'announcementsOfUser'] });
    await actionRef.current?.reload();
  };

  const columns: ProColumns<AnnouncementRecord>[] = [
    {
      title: t('announcements.titleLabel'),
      dataIndex: 'title',
      initialValue: initial.title,
      render: (_, r) => (
        <Typography.Link onClick={() => setViewing(r)} ellipsis>
          {r.title}
        </Typography.Link>
      ),
    },
    { title: t('announcements.priorityLabel'), dataIndex: 'priority', search: false, render: (_, r) => <PriorityTag priority={r.priority} /> },
    {
      title: t('announcements.statusLabel'),
      dataIndex: 'status',
      valueType: 'select',
      initialValue: initial.status,
      fieldProps: { options: ANNOUNCEMENT_STATUSES.map((s) => ({ value: s, label: t(`status.announcement.${s}`) })) },
      render: (_, r) => <AnnouncementStatusTag status={r.status} />,
    },
    {
      title: t('announcements.audience'),
      dataIndex: 'merchantId',
      search: false,
      render: (_, r) => (r.merchantId ? String(r.merchantId) : t('announcements.allMerchants')),
    },
    { title: t('announcements.releasedAt'), dataIndex: 'releasedAt', search: false, render: (_, r) => fmt(r.releasedAt) },
    { title: t('common.fields.createdAt'), dataIndex: 'createTime', search: false, render: (_, r) => fmt(createdOf(r)) },
    {
      title: t('common.fields.actions'),
      valueType: 'option',
      key: 'actions',
      render: (_, r) => [
        r.status === AnnouncementStatus.DRAFT ? (
          <Can key="edit" code={Perm.ANNOUNCEMENT_PUBLISH}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
              {t('common.actions.edit')}
            </Button>
          </Can>
        ) : null,
        r.status !== AnnouncementStatus.RELEASED ? (
          <Can key="release" code={Perm.ANNOUNCEMENT_PUBLISH}>
            <Popconfirm
              title={t('announcements.releaseConfirm')}
              okText={t('common.actions.confirm')}
              cancelText={t('common.actions.cancel')}
              onConfirm={async () => {
                await sysApi.releaseAnnouncement(r.id);
                await after('announcements.released');
              }}
            >
              <Button type="link" size="small" icon={<SendOutlined />}>
                {t('announcements.release')}
              </Button>
            </Popconfirm>
          </Can>
        ) : (
          <Can key="revoke" code={Perm.ANNOUNCEMENT_PUBLISH}>
            <Popconfirm
              title={t('announcements.revokeConfirm')}
              okText={t('common.actions.confirm')}
              cancelText={t('common.actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                await sysApi.revokeAnnouncement(r.id);
                await after('announcements.revoked');
              }}
            >
              <Button type="link" size="small" danger icon={<RollbackOutlined />}>
                {t('announcements.revoke')}
              </Button>
            </Popconfirm>
          </Can>
        ),
      ],
    },
  ];

  return (
    <>
      <ProTable<AnnouncementRecord>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={request}
        headerTitle={t('announcements.title')}
        pagination={tablePagination(initial)}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        toolBarRender={() => [
          <Can key="add" code={Perm.ANNOUNCEMENT_PUBLISH}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('announcements.add')}
            </Button>
          </Can>,
        ]}
      />
      {editing !== undefined && (
        <AnnouncementFormModal
          record={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void actionRef.current?.reload();
          }}
        />
      )}
      <Modal open={viewing !== null} title={viewing?.title} footer={null} onCancel={() => setViewing(null)} width={720}>
        {viewing && (
          <>
            <Typography.Paragraph type="secondary">
              <PriorityTag priority={viewing.priority} /> <AnnouncementStatusTag status={viewing.status} /> {fmt(viewing.releasedAt ?? createdOf(viewing))}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{viewing.content}</Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}
