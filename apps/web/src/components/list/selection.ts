import type { CheckboxProps } from 'antd';

/**
 * The props that name a table's selection box or radio ("Select row P123…", "Select all rows on this page"): antd
 * leaves the rows' boxes unnamed and names the header's in English. Its Checkbox and Radio hand `aria-label` to
 * their input; their prop types do not list it.
 */
export function namedSelectionBox(label: string): Partial<CheckboxProps> {
  return { 'aria-label': label } as Partial<CheckboxProps>;
}
