import type { Messages } from './en-US';

const messages: Messages = {
  'screens.products.country': 'País',
  'screens.products.loadFailed': 'Não foi possível carregar as formas de pagamento.',
  'screens.products.empty': 'Ainda não há formas de pagamento oferecidas neste país.',
  'screens.products.listHint':
    'As formas de pagamento que seus clientes podem usar, com os limites de valor por pagamento e a sua tarifa.',
  'screens.products.listHintPublic':
    'As formas de pagamento disponíveis neste país, com os limites de valor por pagamento. Entre para ver suas tarifas.',
  'screens.products.summaryHint': 'Por tipo de pagamento: quantos canais, os valores aceitos e a sua tarifa.',
  'screens.products.summaryHintPublic':
    'Por tipo de pagamento: quantos canais e os valores aceitos. Entre para ver suas tarifas.',
  'screens.products.paymentType': 'Tipo de pagamento',
  'screens.products.channel': 'Canal',
  'screens.products.channels': 'Canais',
  'screens.products.channelCount': '{{n}} canal(is)',
  'screens.products.minAmount': 'Mínimo ({{currency}})',
  'screens.products.maxAmount': 'Máximo ({{currency}})',
  'screens.products.fee': 'Tarifa',
  'screens.products.noFee': 'Sem tarifa',
  'screens.products.minFee': 'mínimo {{amount}}',
  'screens.products.status': 'Situação',
  'screens.products.available': 'Disponível',
  'screens.products.unavailable': 'Indisponível',
  'screens.products.signIn': 'Entrar',
  'screens.products.ownRate': 'Sua tarifa',
  'screens.products.range': 'De {{min}} a {{max}} {{currency}}',
};
export default messages;
