/**
 * Saved views above a list (issue 15; docs/api.md "Saved views"): the list's current filters saved under a name,
 * for the user or shared with the merchant's users, as tabs; a tab applies its filters (the default date range, an
 * id filter any date); the user's own views can be deleted. Shows nothing until there is a view or a filter to save.
 */
import { useEffect, useRef, useState } from 'react';
import { App, Button, Checkbox, Form, Input, Tabs, Tooltip } from 'antd';
import { SaveOutlined, TeamOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SAVED_VIEW, sameViewFilters, viewCalls, viewFiltersOf, type AnyListDecl, type CallBody, type SavedView } from '@mg/domain';
import { callApi } from '../../api';
import { FormModal, useFormSubmit } from '../forms';
import { queryKeys } from './keys';

const viewKeys = queryKeys('views');
const ALL = 'all';

const sorted = (values: Record<string, string>) => {
  const p = new URLSearchParams(values);
  p.sort();
  return p.toString();
};

function SaveViewModal({ list, filters, onClose }: { list: AnyListDecl; filters: Record<string, string>; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string; shared: boolean }>();
  const save = useMutation({
    mutationFn: (input: CallBody<typeof viewCalls.save>) => callApi(viewCalls.save, { body: input }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKeys.other(list.name) }),
  });
  const submitter = useFormSubmit(form, async (v) => {
    await save.mutateAsync({ list: list.name, name: v.name.trim(), filters, shared: v.shared });
    message.success(t('common.views.saved'));
    onClose();
  });
  return (
    <FormModal title={t('common.views.saveTitle')} submitter={submitter} onClose={onClose} serverErrorTestId="view-save-error">
      <Form form={form} layout="vertical" name="savedView" initialValues={{ name: '', shared: false }} autoComplete="off">
        <Form.Item name="name" label={t('common.views.name')} rules={[{ required: true, whitespace: true, message: t('common.views.nameRequired') }]}>
          <Input maxLength={SAVED_VIEW.NAME_MAX_LENGTH} showCount data-testid="view-name" />
        </Form.Item>
        <Form.Item name="shared" valuePropName="checked" extra={t('common.views.sharedHint')}>
          <Checkbox data-testid="view-shared">{t('common.views.shared')}</Checkbox>
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export function SavedViews({ list, onApplied }: { list: AnyListDecl; onApplied: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [saving, setSaving] = useState(false);
  const pending = useRef<string | null>(null);
  const views = useQuery({ queryKey: viewKeys.other(list.name), queryFn: () => callApi(viewCalls.list, { query: { list: list.name } }, { silent: true }) });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(viewCalls.remove, { params: { id } }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKeys.other(list.name) }),
  });
  const current = viewFiltersOf(list, Object.fromEntries(params));

  // A view is applied by writing its filters to the address, then remounting the table once the address has them
  // (the table reads its filters from the address when it mounts).
  const search = params.toString();
  useEffect(() => {
    if (pending.current === null) return;
    const now = new URLSearchParams(search);
    now.sort();
    if (now.toString() === pending.current) {
      pending.current = null;
      onApplied();
    }
  }, [search, onApplied]);

  const apply = (filters: Record<string, string>) => {
    pending.current = sorted(filters);
    setParams(new URLSearchParams(filters));
  };

  const list_ = views.data ?? [];
  const hasFilters = Object.keys(current).length > 0;
  if (list_.length === 0 && !hasFilters) return null;
  const active = list_.find((v) => sameViewFilters(v.filters, current));
  const activeKey = active ? String(active.id) : hasFilters ? '' : ALL;

  const confirmDelete = (v: SavedView) =>
    modal.confirm({
      title: t('common.views.deleteConfirm', { name: v.name }),
      okButtonProps: { danger: true },
      okText: t('common.actions.delete'),
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        await remove.mutateAsync(v.id);
        message.success(t('common.views.deleted'));
      },
    });

  return (
    // The save button sits beside the tabs, not in their bar: antd puts a bar's extra content inside its
    // role="tablist", where only tabs belong (a screen reader announces the list's tabs and stumbles on a button).
    <div data-testid="saved-views" style={{ marginBottom: 8, display: 'flex', alignItems: 'center', gap: 8 }}>
      <Tabs
        style={{ flex: '1 1 auto', minWidth: 0 }}
        size="small"
        type="editable-card"
        hideAdd
        activeKey={activeKey}
        onChange={(key) => (key === ALL ? apply({}) : apply(list_.find((v) => String(v.id) === key)?.filters ?? {}))}
        onEdit={(key, action) => {
          const v = list_.find((x) => String(x.id) === key);
          if (action === 'remove' && v) confirmDelete(v);
        }}
        items={[
          { key: ALL, label: <span data-testid="view-all">{t('common.views.all')}</span>, closable: false },
          ...list_.map((v) => ({
            key: String(v.id),
            closable: v.mine,
            label: (
              <Tooltip title={v.mine ? undefined : t('common.views.sharedBy', { owner: v.owner })}>
                <span data-testid={`view-${v.name}`}>
                  {v.shared && <TeamOutlined style={{ marginInlineEnd: 4 }} />}
                  {v.name}
                </span>
              </Tooltip>
            ),
          })),
        ]}
      />
      {hasFilters && !active && (
        <Button size="small" icon={<SaveOutlined />} onClick={() => setSaving(true)} data-testid="view-save">
          {t('common.views.save')}
        </Button>
      )}
      {saving && <SaveViewModal list={list} filters={current} onClose={() => setSaving(false)} />}
    </div>
  );
}
