/**
 * A list screen built from its declaration (packages/domain lists/define.ts): filters in the URL with the default
 * range in the session zone, the range rule checked before asking the server, export with the current filters,
 * a column chooser (optional columns hidden until chosen, the choice kept per list), amounts and times through the
 * session formatters, the spec §6 column rules, loading, empty and error states, cards under 600 px, and saved views
 * (named filter sets as tabs above the table).
 *
 *   <ListPage list={settlementsList} tools={[<RunSettlement key="run" />]} overrides={{ render: { netAmount: ... } }} />
 */
import { useCallback, useMemo, useRef, useState, type Key, type ReactNode, type RefObject } from 'react';
import { Button, Card, Descriptions, Empty, List, Result } from 'antd';
import { ProTable, type ActionType, type ProColumns, type ProFormInstance } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { AnyListDecl, ListRecord } from '@mg/domain';
import { ExportButton } from '../export';
import { useMediaQuery } from '../useMediaQuery';
import { useListColumns, type ColumnOverrides } from './columns';
import { tablePagination } from './paging';
import { SavedViews } from './SavedViews';
import { useListRequest } from './useListRequest';

/** Below this width a list shows cards instead of a table (spec §2: the header switches layout at 600). */
export const CARD_LAYOUT_MAX_WIDTH = 599;

export interface ListPageProps<L extends AnyListDecl> {
  list: L;
  overrides?: ColumnOverrides<ListRecord<L>>;
  /** Buttons of a row (the last column). */
  actions?: (record: ListRecord<L>) => ReactNode[];
  /** Toolbar buttons after the export. */
  tools?: ReactNode[];
  /** A click on a row (not on one of its buttons or links). */
  onRowClick?: (record: ListRecord<L>) => void;
  /** Default: `<list>.title`. */
  title?: string;
  tooltip?: string;
  /** Above the table (a hint, a notice). */
  banner?: ReactNode;
  actionRef?: RefObject<ActionType | undefined>;
  /** The filter form, for a page that sets filters itself (a "waiting for my review" button). */
  formRef?: RefObject<ProFormInstance | undefined>;
  /** Rows the user ticks for a batch action (the table only; cards have no boxes). */
  selection?: { selected: readonly ListRecord<L>[]; onChange: (rows: ListRecord<L>[]) => void };
}

/** Clicks on buttons, links and copy icons inside a row do their own thing, not the row's. */
export function isInnerControl(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a, .ant-typography-copy, .ant-popover') !== null;
}

type Row = Record<string, unknown>;

/** The card layout of narrow screens: one card per record, the visible columns as label / value pairs. */
function CardView({ columns, rows, rowKey, loading, pagination, actions, onRowClick }: {
  columns: ProColumns<Row>[];
  rows: readonly Row[];
  rowKey: string;
  loading: boolean;
  pagination: unknown;
  actions?: ((r: Row) => ReactNode[]) | undefined;
  onRowClick?: ((r: Row) => void) | undefined;
}) {
  const shown = columns.filter((c) => !c.hideInTable && c.valueType !== 'option');
  const p = pagination as { current?: number; pageSize?: number; total?: number; onChange?: (page: number, size: number) => void } | false;
  return (
    <List
      data-testid="list-cards"
      loading={loading}
      dataSource={[...rows]}
      rowKey={(r) => String(r[rowKey])}
      pagination={p ? { current: p.current, pageSize: p.pageSize, total: p.total, onChange: p.onChange, size: 'small', showSizeChanger: false } : false}
      renderItem={(r) => (
        <List.Item style={{ padding: '6px 0' }}>
          <Card
            size="small"
            style={{ width: '100%', cursor: onRowClick ? 'pointer' : undefined }}
            onClick={(e) => onRowClick && !isInnerControl(e.target) && onRowClick(r)}
            actions={actions ? actions(r).filter(Boolean) : undefined}
          >
            <Descriptions column={1} size="small">
              {shown.map((c) => (
                <Descriptions.Item key={String(c.key ?? c.dataIndex)} label={c.title as ReactNode}>
                  {(c.render as ((v: unknown, r: Row, i: number) => ReactNode) | undefined)?.(r[String(c.dataIndex)], r, 0) ?? String(r[String(c.dataIndex)] ?? '-')}
                </Descriptions.Item>
              ))}
            </Descriptions>
          </Card>
        </List.Item>
      )}
    />
  );
}

export function ListPage<L extends AnyListDecl>(props: ListPageProps<L>) {
  // Applying a saved view remounts the table, which reads its filters from the address when it mounts.
  const [generation, setGeneration] = useState(0);
  const remount = useCallback(() => setGeneration((g) => g + 1), []);
  return (
    <>
      {props.banner}
      <SavedViews list={props.list} onApplied={remount} />
      <ListTable key={generation} {...props} />
    </>
  );
}

function ListTable<L extends AnyListDecl>({ list, overrides, actions, tools = [], onRowClick, title, tooltip, actionRef: given, formRef, selection }: ListPageProps<L>) {
  const { t } = useTranslation();
  const own = useRef<ActionType>(undefined);
  const actionRef = given ?? own;
  const narrow = useMediaQuery(`(max-width: ${CARD_LAYOUT_MAX_WIDTH}px)`, false);
  const { request, rangeError, filters, initial, prime } = useListRequest(list, actionRef);
  const [failed, setFailed] = useState(false);
  const base = useListColumns(list, initial, overrides);
  // The first page is asked for while the table first renders (once per mount), not after its form has reported.
  useState(() => prime(base as ProColumns<never>[]));
  const rowKey = list.rowKey ?? 'id';

  const columns = useMemo<ProColumns<ListRecord<L>>[]>(
    () =>
      actions
        ? [...base, { title: t('common.fields.actions'), valueType: 'option', key: 'actions', fixed: 'right', render: (_, r) => actions(r) }]
        : base,
    [actions, base, t],
  );
  const optionalKeys = useMemo(() => new Set<string>(list.columns.filter((c) => c.optional).map((c) => c.key)), [list]);
  // Optional columns start hidden; the user's choice in the column chooser is kept per list in this browser.
  const columnsState = useMemo(
    () => ({
      persistenceKey: `mg.columns.${list.name}`,
      persistenceType: 'localStorage' as const,
      defaultValue: Object.fromEntries(list.columns.filter((c) => c.optional).map((c) => [c.key, { show: false }])),
    }),
    [list],
  );

  return (
    <>
      {failed && (
        <Result
          status="warning"
          title={t('common.messages.loadFailed')}
          extra={
            <Button onClick={() => void actionRef.current?.reload()} data-testid="list-retry">
              {t('common.actions.reload')}
            </Button>
          }
          data-testid="list-failed"
        />
      )}
      <ProTable<ListRecord<L>>
        rowKey={rowKey}
        actionRef={actionRef}
        formRef={formRef}
        columns={columns}
        request={async (params, sort) => {
          try {
            const page = await request(params, sort);
            setFailed(false);
            return page;
          } catch {
            // The API client has shown the server's message; the page offers a retry instead of a blank table.
            setFailed(true);
            return { data: [], total: 0, success: false };
          }
        }}
        headerTitle={title ?? t(`${list.name}.title`)}
        tooltip={tooltip}
        pagination={list.paged === false ? false : tablePagination(initial)}
        search={{ labelWidth: 'auto' }}
        form={{ ignoreRules: false }}
        options={{ density: false, reload: true, setting: { listsHeight: 360 } }}
        columnsState={columnsState}
        rowSelection={
          selection
            ? { selectedRowKeys: selection.selected.map((r) => r[rowKey] as Key), onChange: (_: Key[], rows: ListRecord<L>[]) => selection.onChange(rows) }
            : undefined
        }
        tableAlertRender={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.messages.noRecords')} /> }}
        toolBarRender={() => [<ExportButton key="export" kind={list.name} filters={filters} />, ...tools]}
        onRow={
          onRowClick
            ? (r) => ({
                onClick: (e) => {
                  if (!isInnerControl(e.target)) onRowClick(r);
                },
                style: { cursor: 'pointer' },
              })
            : undefined
        }
        tableViewRender={(props, dom) =>
          // A refused range is said where the rows would be: an empty table under it would read as "no records".
          rangeError ? (
            <div data-testid="range-error">
              <Result status="warning" title={rangeError.message} subTitle={rangeError.fix} />
            </div>
          ) : narrow ? (
            <CardView
              // a card holds the primary columns; the secondary ones are a tap away in the details
              columns={(columns as ProColumns<Row>[]).filter((c) => !optionalKeys.has(String(c.key)))}
              rows={(props.dataSource ?? []) as unknown as Row[]}
              rowKey={rowKey}
              loading={Boolean(props.loading)}
              pagination={props.pagination}
              actions={actions as ((r: Row) => ReactNode[]) | undefined}
              onRowClick={onRowClick as ((r: Row) => void) | undefined}
            />
          ) : (
            dom
          )
        }
      />
    </>
  );
}
