/** Domain messages of the open API, payment links and the cashier (issue 4), English; the other five files carry the same keys. */
const messages = {
  'openApi.sandboxOnly': 'Sandbox helpers accept sandbox keys only',
  'openApi.sandboxOrderOnly': 'Sandbox helpers work on sandbox orders only; this order was created with a live key',
  'openApi.currencyUnknown': 'Unknown currency: {{value}}',
  'openApi.failureReasonUnknown': 'Unknown failure reason: {{value}}',
  'paymentLink.notActive': 'This payment link is no longer active',
  'paymentLink.alreadyPaid': 'This payment link has already been paid',
  'paymentLink.noPaymentMethod': 'No payment method is available for this amount in this currency',
  'paymentLink.paymentTypeUnavailable': 'This payment type is not available for this currency',
  'paymentLink.amountOutOfRange': 'The amount must be between {{min}} and {{max}}',
  'paymentLink.descriptionRequired': 'Please enter a description for the payer',
  'paymentLink.expiryHoursInvalid': 'The expiry must be a whole number of hours from 1 to {{max}}',
  'cashier.expired': 'This payment has expired and can no longer be paid',
  'cashier.notPayable': 'This payment can no longer be paid',
  'cashier.alreadyPaid': 'This payment has already been paid',
  'cashier.notCancellable': 'This payment can no longer be cancelled',
  'cashier.linkNotCancellable': 'A payment link stays open until it is paid or expires; just close the page to leave',
  'cashier.liveNotSupported': 'Live payments are completed on the payment channel, not on this page',
} satisfies Record<string, string>;
export type Messages = Record<keyof typeof messages, string>;
export default messages;
