/**
 * Data of the crypto area (docs/payments-api.md "Crypto"): the token's balances per network and the withdrawal
 * address book. Adding or deleting an address invalidates the book; payouts read it for their address picker. A
 * delete also stops the payouts to it not yet sent (their holds released): the payouts and balances reload too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cryptoCalls, type CallBody, type CallParams, type CallQuery } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const cryptoKeys = queryKeys('crypto');

/** A new address as the form sends it (domain cryptoCalls.addAddress), the Google code apart. */
export type AddressInput = Omit<CallBody<typeof cryptoCalls.addAddress>, 'googleCode'>;

export function useCryptoAssets() {
  return useQuery({ queryKey: cryptoKeys.other('assets'), queryFn: () => callApi(cryptoCalls.assets) });
}

/** One page of the merchant's chain transactions (deposits and crypto payouts), newest first. */
export function useCryptoHistory(pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: cryptoKeys.other('history', pageNo, pageSize),
    queryFn: () => callApi(cryptoCalls.history, { query: { pageNo, pageSize } }),
  });
}

/** The merchant's live addresses (one network's, when given). */
export function useCryptoAddresses(network?: string, enabled = true) {
  return useQuery({
    queryKey: cryptoKeys.other('addresses', network ?? ''),
    queryFn: () => callApi(cryptoCalls.addresses, { query: network ? { network } : {} }),
    enabled,
  });
}

export function useAddCryptoAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallBody<typeof cryptoCalls.addAddress>) => callApi(cryptoCalls.addAddress, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cryptoKeys.all }),
  });
}

export function useDeleteCryptoAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, googleCode }: CallParams<typeof cryptoCalls.deleteAddress> & CallQuery<typeof cryptoCalls.deleteAddress>) =>
      callApi(cryptoCalls.deleteAddress, { params: { id }, query: googleCode ? { googleCode } : {} }),
    onSuccess: () =>
      Promise.all([cryptoKeys, queryKeys('payouts'), queryKeys('balances')].map((k) => queryClient.invalidateQueries({ queryKey: k.all }))),
  });
}
