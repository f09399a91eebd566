import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OPEN_FORM_PARAM } from '@mg/domain';

/**
 * A records page's "new" form, open at once when the address says `?new=1` (a link from another screen); closing it
 * takes the parameter out of the address, so a reload does not open it again.
 */
export function useOpenFormParam(): [boolean, (open: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(() => params.get(OPEN_FORM_PARAM) === '1');
  const set = (next: boolean) => {
    setOpen(next);
    if (!next && params.has(OPEN_FORM_PARAM)) {
      params.delete(OPEN_FORM_PARAM);
      setParams(params, { replace: true });
    }
  };
  return [open, set];
}

/** The address of a records page with its "new" form open. */
export const withOpenForm = (path: string) => `${path}?${OPEN_FORM_PARAM}=1`;
