import type { Messages } from './en-US';

const messages: Messages = {
  'audit.action.callback_resent': 'Callback reenviado',
  'callback.error.invalidUrl': 'Não é um endereço http(s) válido: {{detail}}',
  'callback.error.blockedAddress':
    'Recusado: o endereço não é público ({{detail}}). Destinos privados e de loopback só são permitidos com ALLOW_PRIVATE_CALLBACKS=true.',
  'callback.error.dnsFailed': 'Não foi possível resolver o nome do host: {{detail}}',
  'callback.error.timeout': 'Sem resposta dentro do tempo limite: {{detail}}',
  'callback.error.connectionFailed': 'A conexão falhou: {{detail}}',
  'callback.error.signingFailed': 'O callback não pôde ser assinado (o segredo do webhook está ilegível); nada foi enviado: {{detail}}',
};
export default messages;
