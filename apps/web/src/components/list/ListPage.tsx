/**
 * A list screen built from its declaration (packages/domain lists/define.ts): filters in the URL with the default
 * range in the session zone, the range rule checked before asking the server, export with the current filters,
 * a column chooser (optional columns hidden until chosen, the choice kept per list), amounts and times through the
 * session formatters, the spec §6 column rules, loading, empty and error states, cards under 600 px, and saved views
 * (named filter sets as tabs above the table). A link with `?open=1` beside an identifying filter (`?id=...`) opens
 * that record's details once its row has loaded: the page's own (its row click) or the kit's RecordDrawer.
 *
 *   <ListPage list={settlementsList} tools={[<RunSettlement key="run" />]} overrides={{ render: { netAmount: ... } }} />
 */
import { useCallback, useMemo, useRef, useState, type Key, type ReactNode, type RefObject } from 'react';
import { Button, Card, Descriptions, Empty, List, Result } from 'antd';
import { ProTable, type ActionType, type ProColumns, type ProFormInstance } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ColumnKind, isOptionalIn, OPEN_RECORD_PARAM, type AnyListDecl, type ListRecord } from '@mg/domain';
import { ExportButton } from '../export';
import { useFormatters } from '../format';
import { useMediaQuery } from '../useMediaQuery';
import { useListColumns, type ColumnOverrides } from './columns';
import { tablePagination } from './paging';
import { RecordDrawer } from './RecordDrawer';
import { SavedViews } from './SavedViews';
import { namedSelectionBox } from './selection';
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
  /**
   * A click on a row (not on one of its buttons or links): the page's details of the record, also opened for the
   * record a link names (`?id=...&open=1`). Without it, such a link opens the kit's RecordDrawer.
   */
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

/**
 * The record a link asks to open (`?open=1` with an identifying filter): the row of the first answer whose field of
 * that filter has its value, else the answer's only row. Null when the address asks for none.
 */
export function recordToOpen(list: AnyListDecl, initial: Readonly<Record<string, string>>): ((rows: readonly Row[]) => Row | undefined) | null {
  if (initial[OPEN_RECORD_PARAM] !== '1') return null;
  const by = list.filters.find((f) => f.identifies && initial[f.key]);
  if (!by) return null;
  const value = initial[by.key];
  return (rows) => rows.find((r) => r[by.key] !== undefined && String(r[by.key]) === value) ?? (rows.length === 1 ? rows[0] : undefined);
}

/**
 * The card layout of narrow screens: one card per record, the visible columns as label / value pairs. An amount
 * names its currency: a card stands alone, without the table's toolbar and header around it ("Amount: 120,000" read
 * as nothing on a phone, issue 40).
 */
function CardView({ columns, rows, rowKey, loading, pagination, actions, onRowClick, currencyOf }: {
  columns: ProColumns<Row>[];
  rows: readonly Row[];
  rowKey: string;
  loading: boolean;
  pagination: unknown;
  actions?: ((r: Row) => ReactNode[]) | undefined;
  onRowClick?: ((r: Row) => void) | undefined;
  /** The currency an amount column's cell must add (undefined: not an amount, or its cell names the currency). */
  currencyOf: (key: string, r: Row) => string | undefined;
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
              {shown.map((c) => {
                const key = String(c.key ?? c.dataIndex);
                const currency = currencyOf(key, r);
                return (
                  <Descriptions.Item key={key} label={c.title as ReactNode}>
                    {(c.render as ((v: unknown, r: Row, i: number) => ReactNode) | undefined)?.(r[String(c.dataIndex)], r, 0) ?? String(r[String(c.dataIndex)] ?? '-')}
                    {currency && (
                      <span className="mg-muted mg-card-currency" data-testid="card-currency">
                        {currency}
                      </span>
                    )}
                  </Descriptions.Item>
                );
              })}
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
  // Asked once, of the first answer; the first query's address leaves `open` out, so a reload does not reopen it.
  const toOpen = useRef(recordToOpen(list, initial));
  const [details, setDetails] = useState<Row | null>(null);

  const columns = useMemo<ProColumns<ListRecord<L>>[]>(
    () =>
      actions
        ? [
            ...base,
            // As wide as its buttons: ProTable gives a fixed column without a width 200 px, which a row's one "Open"
            // left mostly empty while the columns before it went under it (issue 40).
            { title: t('common.fields.actions'), valueType: 'option', key: 'actions', fixed: 'right', width: 'auto', render: (_, r) => <div className="mg-row-actions">{actions(r)}</div> },
          ]
        : base,
    [actions, base, t],
  );
  const { currency } = useFormatters();
  // Amount columns of the cards: the record's currency, unless the screen's own cell already names it.
  const cardCurrencyOf = useMemo(() => {
    const own = new Set<string>((overrides?.currencyShown ?? []) as string[]);
    const money = new Map(list.columns.filter((c) => c.kind === ColumnKind.MONEY && !own.has(c.key)).map((c) => [c.key as string, c.currencyField ?? 'currency']));
    return (key: string, r: Row) => {
      const field = money.get(key);
      const value = field === undefined ? undefined : r[field];
      return typeof value === 'string' && value && r[key] !== null && r[key] !== undefined && r[key] !== '' ? value : undefined;
    };
  }, [list, overrides]);
  const optionalKeys = useMemo(() => new Set<string>(list.columns.filter((c) => isOptionalIn(c, currency)).map((c) => c.key)), [list, currency]);
  // Optional columns start hidden; the user's choice in the column chooser is kept per list in this browser, and per
  // currency where the currency decides what is optional (a USDT list shows the chain's transaction id).
  const columnsState = useMemo(
    () => ({
      persistenceKey: list.columns.some((c) => typeof c.optional === 'object') ? `mg.columns.${list.name}.${currency}` : `mg.columns.${list.name}`,
      persistenceType: 'localStorage' as const,
      defaultValue: Object.fromEntries([...optionalKeys].map((k) => [k, { show: false }])),
    }),
    [list, currency, optionalKeys],
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
        className="mg-list-table"
        rowKey={rowKey}
        actionRef={actionRef}
        formRef={formRef}
        columns={columns}
        request={async (params, sort) => {
          try {
            const page = await request(params, sort);
            setFailed(false);
            const pick = toOpen.current;
            toOpen.current = null;
            const hit = pick?.(page.data as Row[]);
            if (hit) {
              if (onRowClick) onRowClick(hit as ListRecord<L>);
              else setDetails(hit);
            }
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
            ? {
                selectedRowKeys: selection.selected.map((r) => r[rowKey] as Key),
                onChange: (_: Key[], rows: ListRecord<L>[]) => selection.onChange(rows),
                // Each box says what it selects (antd leaves the rows' boxes unnamed and names the header's in English).
                getTitleCheckboxProps: () => namedSelectionBox(t('common.selection.all')),
                getCheckboxProps: (r: ListRecord<L>) => namedSelectionBox(t('common.selection.row', { id: String(r[rowKey]) })),
              }
            : undefined
        }
        tableAlertRender={false}
        // The table takes the card's width and its columns their content's, wrapping a header or a date onto a
        // second line before it scrolls: with 'max-content' nothing ever wrapped, the table ran wider than the card
        // at 1440 px and Status and Created sat under the fixed Actions column, behind a scrollbar the browser hides
        // (issue 40). 'auto' keeps the browser's layout (rc-table would fix it for a fixed column).
        scroll={{ x: true }}
        tableLayout="auto"
        // 8 px each side of a cell instead of 16: a payout's ten columns and its three buttons fit a 1440 px screen.
        size="middle"
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
              currencyOf={cardCurrencyOf}
            />
          ) : (
            dom
          )
        }
      />
      {!onRowClick && <RecordDrawer columns={columns as ProColumns<Row>[]} record={details} rowKey={rowKey} onClose={() => setDetails(null)} />}
    </>
  );
}
