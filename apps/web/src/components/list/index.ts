/** The list kit: a list screen built from its domain declaration, and the pieces a screen may need beside it. */
export { ListPage, isInnerControl, CARD_LAYOUT_MAX_WIDTH, type ListPageProps } from './ListPage';
export { useListColumns, useVisibleColumns, useIsPlatform, rangeColumn, parseRange, optionalAmountRule, collectionPaymentTypes, productPaymentTypes, type ColumnOverrides, type Option } from './columns';
export { useCellRenderer, StatusTag } from './cells';
export { useListRequest, rangeProblem } from './useListRequest';
export { queryKeys, type QueryKeys } from './keys';
export { useMoney, minorOf, formatDecimal, signOf, currencyOr, amountHint } from './money';
export { SignedAmount } from './SignedAmount';
export { useColumnRules } from './columnRules';
export * from './range';
