import type { Messages } from './en-US';

const messages: Messages = {
  'screens.cashier.pageTitle': 'Pagamento',
  'screens.cashier.sandbox': 'Teste',
  'screens.cashier.sandboxHint':
    'Este é um pagamento de teste: nenhum dinheiro real é movimentado. Escolha abaixo o que acontece.',
  'screens.cashier.loadFailed': 'Não foi possível carregar o pagamento. Tente novamente.',
  'screens.cashier.notFoundTitle': 'Pagamento não encontrado',
  'screens.cashier.notFoundHint':
    'O link pode estar digitado errado ou não ser mais válido. Peça um novo ao lojista.',
  'screens.cashier.timeLeft': 'Tempo restante para pagar:',
  'screens.cashier.daysAndTime': '{{days}} dia(s) {{time}}',
  'screens.cashier.payBefore': 'Pague até {{time}}, no seu horário local',
  'screens.cashier.method': 'Forma de pagamento',
  'screens.cashier.methodAtPayment': 'Escolhida no momento do pagamento',
  'screens.cashier.code.qr': 'Leia este QR code no app do seu banco ou carteira digital',
  'screens.cashier.code.va': 'Número da conta virtual',
  'screens.cashier.code.otc': 'Código de pagamento para o caixa da loja',
  'screens.cashier.code.wallet': 'Endereço da carteira',
  'screens.cashier.code.slip': 'Linha digitável do boleto',
  'screens.cashier.code.reference': 'Referência do pagamento',
  'screens.cashier.copy': 'Copiar',
  'screens.cashier.copied': 'Copiado',
  'screens.cashier.copyFailed': 'Não foi possível copiar; selecione o texto e copie manualmente',
  'screens.cashier.pay': 'Pagar',
  'screens.cashier.payWithCode':
    'Conclua o pagamento no seu banco, carteira ou loja com os dados acima; esta página é atualizada quando ele chegar.',
  'screens.cashier.stillPending':
    'O pagamento ainda não foi confirmado. Esta página mostra o resultado assim que for.',
  'screens.cashier.simulateFailure': 'Simular uma falha',
  'screens.cashier.simulateFailureHint':
    'O pagamento de teste falha com o motivo que você escolher, como um canal real informaria.',
  'screens.cashier.failureReason': 'Motivo da falha',
  'screens.cashier.fail': 'Fazer o pagamento falhar',
  'screens.cashier.cancelPayment': 'Cancelar pagamento',
  'screens.cashier.cancelTitle': 'Cancelar este pagamento?',
  'screens.cashier.cancelConfirm': 'O pedido é encerrado e não pode mais ser pago.',
  'screens.cashier.keepPaying': 'Continuar pagando',
  'screens.cashier.lastAttemptFailed': 'A última tentativa falhou: {{reason}}. Você pode tentar de novo.',
  'screens.cashier.paidTitle': 'Pagamento aprovado',
  'screens.cashier.paidAt': 'Pago em {{time}}',
  'screens.cashier.partialPaid': 'Recebido: {{amount}}',
  'screens.cashier.paidHint': '{{merchant}} foi avisado. Você pode fechar esta página.',
  'screens.cashier.returnToMerchant': 'Voltar para a loja',
  'screens.cashier.failedTitle': 'Pagamento recusado',
  'screens.cashier.failedReason': 'Motivo: {{reason}}',
  'screens.cashier.failedHint': 'O pagamento não foi concluído.',
  'screens.cashier.tryAgain': 'Tentar novamente',
  'screens.cashier.expiredTitle': 'Este pagamento expirou',
  'screens.cashier.expiredHint': 'O prazo para pagar terminou. Peça um novo pagamento a {{merchant}}.',
  'screens.cashier.closedTitle': 'Este pagamento foi encerrado',
  'screens.cashier.closedHint':
    'Ele foi cancelado e não pode mais ser pago. Fale com {{merchant}} se ainda quiser pagar.',
};
export default messages;
