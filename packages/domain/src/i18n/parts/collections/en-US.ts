/** Domain messages of the collections area (issue 4), English; the other five files carry the same keys. */
const messages = {
  'collections.notFound': 'Transaction not found',
  'collections.merchantNotFound': 'Merchant not found',
  'collections.merchantInactive': 'The merchant cannot take payments at the moment',
  'collections.tooLong': '{{field}} may be at most {{max}} characters long',
  'collections.urlInvalid': '{{field}} must be an http:// or https:// address',
  'collections.emailInvalid': 'Please enter a valid e-mail address',
  'collections.merchantOrderIdInvalid':
    'The merchant order id must be 1 to 64 characters: letters, digits and - _ . : only',
  'collections.duplicateOrderId': 'A transaction with merchant order id {{merchantOrderId}} already exists',
  'collections.currencyNotOffered': 'The currency {{currency}} is not enabled for this merchant',
  'collections.paymentTypeNotOffered': 'Payment type {{paymentType}} is not available in {{currency}}',
  'collections.channelNotOffered': 'Channel {{channel}} is not available for this payment type and currency',
  'collections.amountOutOfRange': 'The amount must be between {{min}} and {{max}} {{currency}} for this payment method',
  'collections.expiryHoursInvalid': 'The expiry must be a whole number of hours from 1 to {{max}}',
  'collections.paidAmountInvalid': 'The paid amount must be greater than zero and at most the order amount',
  'collections.notOpen': 'The transaction can no longer be paid or changed (status: {{status}})',
  'collections.expired': 'This payment has expired',
  'collections.failureReasonInvalid': 'Unknown failure reason',
  'collections.lowBalance.title': 'Low balance: {{currency}} available is below {{threshold}}',
  'collections.lowBalance.content':
    'The available balance of {{merchant}} in {{currency}} is {{available}}, below your limit balance of {{threshold}}. Top up or adjust the limit on the balance page.',
  'refunds.refundWayInvalid': 'Please choose a refund way: original route or offline',
  'refunds.reasonRequired': 'Please enter the reason for the refund',
  'refunds.merchantRefundIdInvalid':
    'The merchant refund id must be 1 to 64 characters: letters, digits and - _ . : only',
  'refunds.duplicateMerchantRefundId': 'A refund with merchant refund id {{merchantRefundId}} already exists',
  'refunds.notRefundable': 'Only successful transactions can be refunded (status: {{status}})',
  'refunds.amountExceedsRefundable': 'The refund exceeds what is left to refund: at most {{refundable}} {{currency}}',
  'collectionFailure.insufficientFunds': 'Insufficient funds',
  'collectionFailure.payerDeclined': 'Declined by the payer',
  'collectionFailure.channelDeclined': 'Declined by the channel',
  'collectionFailure.riskRejected': 'Rejected by risk control',
  'collectionFailure.channelTimeout': 'The channel did not answer in time',
  'collectionFailure.expired': 'Not confirmed before the payment expired',
} satisfies Record<string, string>;
export type Messages = Record<keyof typeof messages, string>;
export default messages;
