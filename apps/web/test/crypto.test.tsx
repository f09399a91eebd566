import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NETWORKS, Perm } from '@mg/domain';
import CryptoAssets from '../src/features/crypto/CryptoAssetsPage';
import { fakeServer, renderScreen, signIn, signOutForTests } from './screens-harness';

afterEach(() => signOutForTests());

const HOUR = 3_600_000;
const TRON = 'TZCNXo6FtFWyueakqJ1nYQpJSitD3XHN3g';
const ETH = '0x40E797091DE4Ea554eA0F515b3Dccb8F8FaEAaC4';

const ASSETS = {
  token: 'USDT',
  available: '1250.500000',
  pending: '80.000000',
  frozen: '251.500000',
  networks: [
    { network: 'TRON', name: NETWORKS.TRON.name, tokenStandard: 'TRC-20', confirmations: 20, payoutFee: '1.000000', payable: true, inFlight: '251.500000', inFlightCount: 1, confirming: '42.500000', confirmingCount: 1 },
    { network: 'ETH', name: NETWORKS.ETH.name, tokenStandard: 'ERC-20', confirmations: 12, payoutFee: '5.000000', payable: true, inFlight: '0.000000', inFlightCount: 0, confirming: '0.000000', confirmingCount: 0 },
    { network: 'BTC', name: NETWORKS.BTC.name, tokenStandard: null, confirmations: 3, payoutFee: '0.000000', payable: false, inFlight: '0.000000', inFlightCount: 0, confirming: '0.000000', confirmingCount: 0 },
  ],
};

const PAYOUT_TX = 'a1'.repeat(32);
const HISTORY = [
  { kind: 'withdrawal', network: 'TRON', chainTradeNo: PAYOUT_TX, from: 'TKdt8BzyA6uBesQNouV6uSVYAmCvQGRTLk', to: TRON, token: 'USDT', amount: '250.500000', confirmations: 20, required: 20, status: 'confirmed', at: new Date().toISOString(), orderId: 'P261127000000AAAA' },
  { kind: 'deposit', network: 'ETH', chainTradeNo: `0x${'b2'.repeat(32)}`, from: ETH, to: '0xbB433BcBfF03BD99F85dDBfFf94DA1Af21677a8d', token: 'USDT', amount: '42.500000', confirmations: 5, required: 12, status: 'confirming', at: new Date().toISOString(), orderId: 'C261127000000BBBB' },
];

const MINUTE = 60_000;
/** Address 2's cooling period still to run when the fake server makes it. */
const COOLING_LEFT_MS = 2 * HOUR + 5_000;

function address(id: number, network: string, addr: string, usableInMs: number) {
  const usableAt = new Date(Date.now() + usableInMs).toISOString();
  return { id, network, address: addr, label: `Wallet ${id}`, usable: usableInMs <= 0, usableAt, createdBy: 'crypto_admin', createdAt: new Date().toISOString() };
}

function cryptoServer() {
  let rows = [address(1, 'TRON', TRON, -HOUR), address(2, 'ETH', ETH, COOLING_LEFT_MS)];
  return fakeServer({
    'GET /crypto/assets': () => ASSETS,
    'GET /crypto/addresses': () => rows,
    'GET /crypto/history': () => ({ records: HISTORY, total: HISTORY.length }),
    'POST /crypto/addresses': (call) => {
      const b = call.body as { network: string; address: string; label: string };
      const added = address(3, b.network, b.address, 24 * HOUR);
      rows = [...rows, { ...added, label: b.label }];
      return added;
    },
    'DELETE /crypto/addresses/1': () => {
      rows = rows.filter((r) => r.id !== 1);
      return null;
    },
  });
}

describe('Crypto assets', () => {
  it('shows the USDT balances, the networks with confirmations, fee and payouts in flight, and the address book with its cooling countdown', async () => {
    signIn([]);
    await renderScreen(<CryptoAssets />, { server: cryptoServer() });
    expect((await screen.findByTestId('crypto-available')).textContent).toBe('1250.500000');
    expect(screen.getByText('1,250.500000')).toBeTruthy();
    expect(screen.getByTestId('in-flight-TRON').textContent).toBe('251.500000 USDT (1)');
    expect(screen.getByText('Read only')).toBeTruthy();
    expect(screen.getByTestId('confirming-TRON').textContent).toBe('42.500000 USDT (1)');
    // The history: each transaction opens the sandbox explorer.
    const link = await screen.findByTestId(`history-tx-${PAYOUT_TX}`);
    expect(link.getAttribute('href')).toBe(`/explorer/TRON/tx/${PAYOUT_TX}`);
    expect(screen.getByText('Confirming 5/12')).toBeTruthy();
    expect(await screen.findByTestId('address-1')).toBeTruthy();
    expect(screen.getByText('Usable')).toBeTruthy();
    // What was left when the fixture was made, less what rendering took since (seconds on a loaded machine).
    const [, h, m, sec] = /^Usable in (\d\d):(\d\d):(\d\d)$/.exec(screen.getByTestId('address-cooling-2').textContent ?? '') ?? [];
    const left = Number(h) * 3600 + Number(m) * 60 + Number(sec);
    expect(left).toBeGreaterThan((COOLING_LEFT_MS - MINUTE) / 1000);
    expect(left).toBeLessThanOrEqual(COOLING_LEFT_MS / 1000);
    // Without the address permission: no add, no delete.
    expect(screen.queryByTestId('address-add')).toBeNull();
    expect(screen.queryByTestId('address-delete-1')).toBeNull();
  });

  it('checks an address against the chosen network before sending: another network is named, a typo is a checksum error', async () => {
    signIn([Perm.CRYPTO_ADDRESS_EDIT]);
    const srv = cryptoServer();
    await renderScreen(<CryptoAssets />, { server: srv });
    fireEvent.click(await screen.findByTestId('address-add'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle(NETWORKS.ETH.name));
    fireEvent.change(within(dialog).getByTestId('address-input'), { target: { value: TRON } });
    fireEvent.change(within(dialog).getByTestId('address-label'), { target: { value: 'Payroll' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('address-save'));
    });
    expect(await within(dialog).findByText(`This address is on ${NETWORKS.TRON.name}, not ${NETWORKS.ETH.name}: choose the ${NETWORKS.TRON.name} network or enter another address`)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('address-input'), { target: { value: ETH.replace('40E7', '40e7') } });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('address-save'));
    });
    expect(await within(dialog).findByText(/checksum of this Ethereum \(ERC-20\) address is wrong/)).toBeTruthy();
    expect(srv.callsTo('POST', '/crypto/addresses')).toHaveLength(0);

    const good = '0xbB433BcBfF03BD99F85dDBfFf94DA1Af21677a8d';
    fireEvent.change(within(dialog).getByTestId('address-input'), { target: { value: good } });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('address-save'));
    });
    await waitFor(() => expect(srv.callsTo('POST', '/crypto/addresses')).toHaveLength(1));
    expect(srv.callsTo('POST', '/crypto/addresses')[0]?.body).toMatchObject({ network: 'ETH', address: good, label: 'Payroll' });
    expect(await screen.findByTestId('address-3')).toBeTruthy();
  });
});
