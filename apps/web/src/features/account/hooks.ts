/**
 * Data of the account area: the user's two-factor status and its changes. Confirming or disabling refreshes the
 * status (and the session's user info, whose 2FA flag other screens read).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountCalls, type CallAnswer } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const accountKeys = queryKeys('account');
const STATUS_KEY = accountKeys.other('2fa');

export type TwoFactorStatus = CallAnswer<typeof accountCalls.twoFactor>;

export function useTwoFactorStatus() {
  return useQuery({ queryKey: STATUS_KEY, queryFn: () => callApi(accountCalls.twoFactor) });
}

/** A new secret to scan; asked once per enrolment (never cached, never retried: each call makes a new secret). */
export function useTwoFactorEnrolment() {
  return useQuery({
    queryKey: accountKeys.other('2fa-enrol'),
    queryFn: () => callApi(accountCalls.twoFactorEnrol),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

function useRefreshStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: STATUS_KEY, exact: true });
}

/** Confirms the enrolment with a code; answers the recovery codes. Silent: the form shows the error. */
export function useConfirmTwoFactor() {
  const onSuccess = useRefreshStatus();
  return useMutation({ mutationFn: (code: string) => callApi(accountCalls.twoFactorConfirm, { body: { code } }, { silent: true }), onSuccess });
}

/** Turns two-factor sign-in off with a code or a recovery code. Silent: the dialog shows the error. */
export function useDisableTwoFactor() {
  const onSuccess = useRefreshStatus();
  return useMutation({ mutationFn: (code: string) => callApi(accountCalls.twoFactorDisable, { body: { code } }, { silent: true }), onSuccess });
}
