import { Typography } from 'antd';
import { signOf, useMoney } from './money';

/** A signed movement of money: "+" and green in, red out (statements, transfers). */
export function SignedAmount({ value, currency }: { value: string; currency: string }) {
  const money = useMoney();
  const sign = signOf(value);
  const text = money(value, currency);
  return (
    <Typography.Text
      className={sign > 0 ? 'mg-ok' : sign < 0 ? 'mg-bad' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-testid="signed-amount"
    >
      {sign > 0 ? `+${text}` : text}
    </Typography.Text>
  );
}
