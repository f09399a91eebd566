import type { Messages } from './en-US';

const messages: Messages = {
  'openApi.sandboxOnly': 'Os auxiliares de sandbox aceitam apenas chaves de sandbox',
  'openApi.sandboxOrderOnly': 'Os auxiliares de sandbox só funcionam com pedidos de sandbox; este pedido foi criado com uma chave real',
  'openApi.currencyUnknown': 'Moeda desconhecida: {{value}}',
  'openApi.failureReasonUnknown': 'Motivo de falha desconhecido: {{value}}',
  'paymentLink.notActive': 'Este link de pagamento não está mais ativo',
  'paymentLink.alreadyPaid': 'Este link de pagamento já foi pago',
  'paymentLink.noPaymentMethod': 'Nenhum método de pagamento está disponível para este valor nesta moeda',
  'paymentLink.paymentTypeUnavailable': 'Este tipo de pagamento não está disponível para esta moeda',
  'paymentLink.amountOutOfRange': 'O valor deve estar entre {{min}} e {{max}}',
  'paymentLink.descriptionRequired': 'Informe uma descrição para o pagador',
  'paymentLink.expiryHoursInvalid': 'A validade deve ser um número inteiro de horas de 1 a {{max}}',
  'cashier.expired': 'Este pagamento expirou e não pode mais ser pago',
  'cashier.notPayable': 'Este pagamento não pode mais ser pago',
  'cashier.alreadyPaid': 'Este pagamento já foi pago',
  'cashier.notCancellable': 'Este pagamento não pode mais ser cancelado',
  'cashier.linkNotCancellable': 'Um link de pagamento fica aberto até ser pago ou expirar; basta fechar a página para sair',
  'cashier.liveNotSupported': 'Pagamentos reais são concluídos no canal de pagamento, não nesta página',
};
export default messages;
