/**
 * Announcements (platform staff, or merchants with announcements:publish): the declared list (packages/domain
 * announcements/list.ts), drafts written and edited in a dialog, released and revoked with a confirmation.
 */
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Typography } from 'antd';
import { EditOutlined, PlusOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ANNOUNCEMENT_CONTENT_MAX_LENGTH,
  ANNOUNCEMENT_DEFAULT_PRIORITY,
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_STATUS_COLORS,
  ANNOUNCEMENT_TITLE_MAX_LENGTH,
  AnnouncementStatus,
  Perm,
  announcementsList,
  type AnnouncementPriority,
  type AnnouncementStatusValue,
} from '@mg/domain';
import { Can } from '../../components/Can';
import { useFormatters } from '../../components/format';
import { FormModal, useFormSubmit } from '../../components/forms';
import { ListPage, StatusTag } from '../../components/list';
import { PriorityTag } from './PriorityTag';
import { useAnnouncementTransition, useSaveAnnouncement, type AnnouncementRecord } from './hooks';

/** Highest first, as the form offers them. */
const PRIORITIES = [...ANNOUNCEMENT_PRIORITIES].reverse();

interface FormValues {
  title: string;
  content: string;
  priority: AnnouncementPriority;
  merchantId?: number | string | null;
}

function AnnouncementFormModal({ record, onClose }: { record: AnnouncementRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveAnnouncement();
  const [form] = Form.useForm<FormValues>();
  const submitter = useFormSubmit(form, async (values: FormValues) => {
    await save.mutateAsync({
      ...(record ? { id: record.id } : {}),
      title: values.title.trim(),
      content: values.content,
      priority: values.priority,
      merchantId: values.merchantId ? Number(values.merchantId) : null,
    });
    message.success(t('common.messages.saved'));
    onClose();
  });
  return (
    <FormModal width={720} title={t(record ? 'announcements.edit' : 'announcements.add')} okText={t('announcements.saveDraft')} submitter={submitter} onClose={onClose}>
      <Form
        form={form}
        name="announcementForm"
        layout="vertical"
        initialValues={record ? { title: record.title, content: record.content, priority: record.priority, merchantId: record.merchantId ?? undefined } : { priority: ANNOUNCEMENT_DEFAULT_PRIORITY }}
      >
        <Form.Item name="title" label={t('announcements.titleLabel')} rules={[{ required: true, whitespace: true, message: t('announcements.titleRequired') }]}>
          <Input maxLength={ANNOUNCEMENT_TITLE_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item name="priority" label={t('announcements.priorityLabel')}>
          <Select options={PRIORITIES.map((p) => ({ value: p, label: t(`announcements.priority.${p}`) }))} />
        </Form.Item>
        <Form.Item name="merchantId" label={t('announcements.audience')} extra={t('announcements.audienceHint')}>
          <Input type="number" min={1} placeholder={t('announcements.allMerchants')} />
        </Form.Item>
        <Form.Item name="content" label={t('announcements.content')} rules={[{ required: true, whitespace: true, message: t('announcements.contentRequired') }]}>
          <Input.TextArea rows={8} maxLength={ANNOUNCEMENT_CONTENT_MAX_LENGTH} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** Release (a draft) or revoke (a released one), after a confirmation. */
function TransitionButton({ record, to }: { record: AnnouncementRecord; to: AnnouncementStatusValue }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const move = useAnnouncementTransition();
  const release = to === AnnouncementStatus.RELEASED;
  return (
    <Can code={Perm.ANNOUNCEMENT_PUBLISH}>
      <Popconfirm
        title={t(release ? 'announcements.releaseConfirm' : 'announcements.revokeConfirm')}
        okText={t('common.actions.confirm')}
        cancelText={t('common.actions.cancel')}
        okButtonProps={{ danger: !release, loading: move.isPending }}
        onConfirm={async () => {
          await move.mutateAsync({ id: record.id, to });
          message.success(t(release ? 'announcements.released' : 'announcements.revoked'));
        }}
      >
        <Button type="link" size="small" danger={!release} icon={release ? <SendOutlined /> : <RollbackOutlined />}>
          {t(release ? 'announcements.release' : 'announcements.revoke')}
        </Button>
      </Popconfirm>
    </Can>
  );
}

export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const [editing, setEditing] = useState<AnnouncementRecord | null | undefined>(undefined);
  const [viewing, setViewing] = useState<AnnouncementRecord | null>(null);

  return (
    <>
      <ListPage
        list={announcementsList}
        overrides={{
          render: {
            title: (r) => (
              <Typography.Link onClick={() => setViewing(r)} ellipsis>
                {r.title}
              </Typography.Link>
            ),
            merchantId: (r) => (r.merchantId ? String(r.merchantId) : t('announcements.allMerchants')),
          },
        }}
        tools={[
          <Can key="add" code={Perm.ANNOUNCEMENT_PUBLISH}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('announcements.add')}
            </Button>
          </Can>,
        ]}
        actions={(r) => [
          r.status === AnnouncementStatus.DRAFT ? (
            <Can key="edit" code={Perm.ANNOUNCEMENT_PUBLISH}>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
                {t('common.actions.edit')}
              </Button>
            </Can>
          ) : null,
          r.status === AnnouncementStatus.DRAFT ? <TransitionButton key="release" record={r} to={AnnouncementStatus.RELEASED} /> : null,
          r.status === AnnouncementStatus.RELEASED ? <TransitionButton key="revoke" record={r} to={AnnouncementStatus.REVOKED} /> : null,
        ]}
      />
      {editing !== undefined && <AnnouncementFormModal record={editing} onClose={() => setEditing(undefined)} />}
      <Modal open={viewing !== null} title={viewing?.title} footer={null} onCancel={() => setViewing(null)} width={720}>
        {viewing && (
          <>
            <Typography.Paragraph type="secondary">
              <PriorityTag priority={viewing.priority} /> <StatusTag value={viewing.status} labels="status.announcement" colors={ANNOUNCEMENT_STATUS_COLORS} />{' '}
              {instant(viewing.releasedAt ?? viewing.createdAt)}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{viewing.content}</Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}
