/** Where a payer pays an order with a cashier token (a collection, a payment link, a top-up): the public cashier. */
export function cashierUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/pay/${token}`;
}
