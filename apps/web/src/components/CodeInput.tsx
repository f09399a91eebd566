import type { ComponentProps } from 'react';
import { Input } from 'antd';
import { GOOGLE_CODE_LENGTH } from '@mg/domain';

/** The six-digit Google code as one box per digit; anything but digits is dropped as typed. */
export function CodeInput(props: ComponentProps<typeof Input.OTP>) {
  return <Input.OTP length={GOOGLE_CODE_LENGTH} formatter={(s) => s.replace(/\D/g, '')} {...props} />;
}
