/**
 * Data of the crypto area (docs/payments-api.md "Crypto"): the token's balances per network and the withdrawal
 * address book. Adding or deleting an address invalidates the book; payouts read it for their address picker. A
 * delete also stops the payouts to it not yet sent (their holds released): the payouts and balances reload too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CryptoAddressView, CryptoAssetsView, CryptoHistoryRow } from '@mg/domain';
import { api } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const cryptoKeys = queryKeys('crypto');
const PATH = '/crypto';

export interface AddressInput {
  network: string;
  address: string;
  label: string;
}

export function useCryptoAssets() {
  return useQuery({ queryKey: cryptoKeys.other('assets'), queryFn: () => api.get<CryptoAssetsView>(`${PATH}/assets`) });
}

/** One page of the merchant's chain transactions (deposits and crypto payouts), newest first. */
export function useCryptoHistory(pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: cryptoKeys.other('history', pageNo, pageSize),
    queryFn: () => api.get<{ records: CryptoHistoryRow[]; total: number }>(`${PATH}/history`, { pageNo, pageSize }),
  });
}

/** The merchant's live addresses (one network's, when given). */
export function useCryptoAddresses(network?: string, enabled = true) {
  return useQuery({
    queryKey: cryptoKeys.other('addresses', network ?? ''),
    queryFn: () => api.get<CryptoAddressView[]>(`${PATH}/addresses`, network ? { network } : {}),
    enabled,
  });
}

export function useAddCryptoAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddressInput & { googleCode?: string }) => api.post<CryptoAddressView>(`${PATH}/addresses`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cryptoKeys.all }),
  });
}

export function useDeleteCryptoAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, googleCode }: { id: number; googleCode?: string }) => api.delete<{ stopped: string[] }>(`${PATH}/addresses/${id}`, googleCode ? { googleCode } : {}),
    onSuccess: () =>
      Promise.all([cryptoKeys, queryKeys('payouts'), queryKeys('balances')].map((k) => queryClient.invalidateQueries({ queryKey: k.all }))),
  });
}
