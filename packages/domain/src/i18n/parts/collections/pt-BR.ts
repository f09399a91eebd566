import type { Messages } from './en-US';

const messages: Messages = {
  'collections.notFound': 'Transação não encontrada',
  'collections.merchantNotFound': 'Comerciante não encontrado',
  'collections.merchantInactive': 'O comerciante não pode receber pagamentos no momento',
  'collections.tooLong': '{{field}} pode ter no máximo {{max}} caracteres',
  'collections.urlInvalid': '{{field}} deve ser um endereço http:// ou https://',
  'collections.emailInvalid': 'Informe um endereço de e-mail válido',
  'collections.merchantOrderIdInvalid':
    'O id do pedido do comerciante deve ter de 1 a 64 caracteres: apenas letras, dígitos e - _ . :',
  'collections.duplicateOrderId': 'Já existe uma transação com o id de pedido do comerciante {{merchantOrderId}}',
  'collections.currencyNotOffered': 'A moeda {{currency}} não está habilitada para este comerciante',
  'collections.paymentTypeNotOffered': 'O tipo de pagamento {{paymentType}} não está disponível em {{currency}}',
  'collections.channelNotOffered': 'O canal {{channel}} não está disponível para este tipo de pagamento e moeda',
  'collections.amountOutOfRange': 'O valor deve estar entre {{min}} e {{max}} {{currency}} para este meio de pagamento',
  'collections.expiryHoursInvalid': 'A validade deve ser um número inteiro de horas de 1 a {{max}}',
  'collections.paidAmountInvalid': 'O valor pago deve ser maior que zero e no máximo o valor do pedido',
  'collections.notOpen': 'A transação não pode mais ser paga ou alterada (status: {{status}})',
  'collections.expired': 'Este pagamento expirou',
  'collections.failureReasonInvalid': 'Motivo de falha desconhecido',
  'collections.lowBalance.title': 'Saldo baixo: o disponível em {{currency}} está abaixo de {{threshold}}',
  'collections.lowBalance.content':
    'O saldo disponível de {{merchant}} em {{currency}} é {{available}}, abaixo do seu saldo limite de {{threshold}}. Faça uma recarga ou ajuste o limite na página de saldo.',
  'refunds.refundWayInvalid': 'Escolha a forma de reembolso: rota original ou offline',
  'refunds.reasonRequired': 'Informe o motivo do reembolso',
  'refunds.merchantRefundIdInvalid':
    'O id de reembolso do comerciante deve ter de 1 a 64 caracteres: apenas letras, dígitos e - _ . :',
  'refunds.duplicateMerchantRefundId': 'Já existe um reembolso com o id de reembolso do comerciante {{merchantRefundId}}',
  'refunds.notRefundable': 'Somente transações bem-sucedidas podem ser reembolsadas (status: {{status}})',
  'refunds.amountExceedsRefundable': 'O reembolso excede o valor restante reembolsável: no máximo {{refundable}} {{currency}}',
  'collectionFailure.insufficientFunds': 'Saldo insuficiente',
  'collectionFailure.payerDeclined': 'Recusado pelo pagador',
  'collectionFailure.channelDeclined': 'Recusado pelo canal',
  'collectionFailure.riskRejected': 'Rejeitado pelo controle de risco',
  'collectionFailure.channelTimeout': 'O canal não respondeu a tempo',
  'collectionFailure.expired': 'Não confirmado antes de o pagamento expirar',
};
export default messages;
