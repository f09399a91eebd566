/**
 * The header's search box (issue 15; docs/api.md "Search"): any id, order or refund id, payment code, chain
 * transaction id, payer e-mail or an account number's last digits finds its record among those the user may see;
 * choosing a hit (a click, or Enter: the highlighted hit, else the first that opens) shows its record's details over its
 * list filtered to it (an id filter covers any date), whether that list's tab was open or not. A hit in another
 * currency than the session's says so instead: each session works in one currency (spec §1).
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { AutoComplete, Input, Space, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AREAS, findList, isCurrencyCode, OPEN_RECORD_PARAM, parseAmount, SEARCH, searchCalls, searchQuerySchema, type SearchHit } from '@mg/domain';
import { callApi } from '../../api';
import { useFormatters } from '../../components/format';
import { REOPEN_STATE } from './tabs';

const SEARCH_WIDTH = 280;
const KIND_COLORS: Readonly<Record<string, string>> = { collections: 'blue', refunds: 'purple', payouts: 'orange', withdrawals: 'gold', 'balance-transfers': 'cyan' };

/** The menu page of a kind's list: the area's page whose code is the list's permission. */
function pageOf(kind: string): string | undefined {
  const list = findList(kind);
  return AREAS.find((a) => a.name === kind)?.pages?.find((p) => p.perm === list?.permission)?.path;
}

/** A hit's address: its list filtered to its id, its details open (components/list ListPage). */
export function hitAddress(h: Pick<SearchHit, 'kind' | 'id'>): string | undefined {
  const page = pageOf(h.kind);
  if (!page) return undefined;
  const q = new URLSearchParams({ id: h.id, [OPEN_RECORD_PARAM]: '1' });
  return `${page}?${q.toString()}`;
}

interface HitOption {
  value: string;
  disabled?: boolean;
  hit?: SearchHit;
  label: ReactNode;
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { currency, amount, instant } = useFormatters();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH.DEBOUNCE_MS);
  const checked = searchQuerySchema.safeParse({ q });
  const problem = q !== '' && !checked.success ? (checked.error.issues[0]?.message ?? 'shell.search.invalid') : null;
  const hits = useQuery({
    queryKey: ['search', q],
    queryFn: () => callApi(searchCalls.search, { query: { q } }, { silent: true }),
    enabled: checked.success,
    staleTime: 0,
  });

  const money = (h: SearchHit) => {
    if (!isCurrencyCode(h.currency)) return h.amount;
    const p = parseAmount(h.amount, h.currency, { allowZero: true });
    return p.ok ? `${amount(p.minor, h.currency)} ${h.currency}` : h.amount;
  };

  const options = useMemo((): HitOption[] => {
    if (q === '') return [];
    if (problem) return [{ value: '', disabled: true, label: <Typography.Text type="warning">{t(problem, { min: SEARCH.MIN_LENGTH, max: SEARCH.MAX_LENGTH })}</Typography.Text> }];
    if (hits.isError) return [{ value: '', disabled: true, label: <Typography.Text type="danger">{t('shell.search.failed')}</Typography.Text> }];
    if (!hits.data) return [];
    if (hits.data.length === 0) return [{ value: '', disabled: true, label: <span data-testid="search-empty">{t('shell.search.noHits', { q })}</span> }];
    return hits.data.map((h) => {
      const here = h.currency === currency;
      return {
        value: `${h.kind}:${h.id}:${h.merchantId}`,
        disabled: !here,
        hit: h,
        label: (
          <div data-testid={`search-hit-${h.kind}-${h.id}`}>
            <Space size={4} wrap>
              <Tag color={KIND_COLORS[h.kind]}>{t(`shell.search.kinds.${h.kind}`)}</Tag>
              <Typography.Text strong style={{ fontFamily: 'monospace' }}>
                {h.id}
              </Typography.Text>
            </Space>
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`shell.search.match.${h.match}`)} · {money(h)} · {instant(h.createdAt)}
              </Typography.Text>
            </div>
            {!here && (
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {t('shell.search.otherCurrency', { currency: h.currency })}
              </Typography.Text>
            )}
          </div>
        ),
      };
    });
    // `money` and `instant` follow the session's currency and zone, which `currency` covers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, problem, hits.data, hits.isError, currency, t]);

  // Enter chose a hit in the list (rc-select handles it first, in the same key event): this Enter is done.
  const chose = useRef(false);
  // Enter pressed before the hits of what was typed have come: the first hit that opens is opened when they do.
  const [enterPending, setEnterPending] = useState(false);

  const open = (value: string, option: HitOption) => {
    const h = option.hit;
    const address = h && !option.disabled ? hitAddress(h) : undefined;
    if (!address || !value) return;
    chose.current = true;
    queueMicrotask(() => (chose.current = false));
    setEnterPending(false);
    setText('');
    // Shown afresh even when its list's tab is open: the list mounts again at the hit's address (app/shell/tabs.ts).
    navigate(address, { state: REOPEN_STATE });
  };

  const settled = q === text.trim() && !hits.isFetching;
  useEffect(() => {
    if (!enterPending || !settled) return;
    setEnterPending(false);
    const first = options.find((o) => o.hit && !o.disabled);
    if (first) open(first.value, first);
    // `open` is this render's; what it reads is in the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enterPending, settled, options]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || chose.current || text.trim() === '' || problem) return;
    setEnterPending(true);
  };

  return (
    <AutoComplete
      value={text}
      options={options}
      onChange={(v: string) => setText(v)}
      onSelect={open}
      // The first hit that opens is highlighted: Enter takes it, arrows choose another.
      defaultActiveFirstOption
      style={{ width: SEARCH_WIDTH }}
      popupMatchSelectWidth={360}
      data-testid="global-search"
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        suffix={hits.isFetching ? <Typography.Text type="secondary">…</Typography.Text> : undefined}
        placeholder={t('shell.search.placeholder')}
        maxLength={SEARCH.MAX_LENGTH}
        aria-label={t('shell.search.placeholder')}
        data-testid="global-search-input"
        onKeyDown={onKeyDown}
      />
    </AutoComplete>
  );
}
