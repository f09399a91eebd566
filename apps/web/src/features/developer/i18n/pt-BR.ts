import type { Messages } from './en-US';

const messages: Messages = {
  'screens.developer.loadFailed': 'Não foi possível carregar os parâmetros de desenvolvedor.',
  'screens.developer.totpOn':
    'O Google Authenticator está ativo: criar, rotacionar e revogar chaves e revelar o segredo do webhook pedem um código de seis dígitos.',
  'screens.developer.noSections': 'Seu perfil não pode alterar nenhum parâmetro de desenvolvedor.',
  'screens.developer.codeHint':
    'Digite o código de seis dígitos exibido no Google Authenticator para confirmar.',
  'screens.developer.codeLabel': 'Código do Google Authenticator',
  'screens.developer.copy': 'Copiar',
  'screens.developer.copied': 'Copiado',
  'screens.developer.copyFailed': 'Não foi possível copiar; selecione o texto e copie manualmente',
  'screens.developer.keysTitle': 'Chaves de API',
  'screens.developer.keysHint':
    'As chaves assinam as requisições da sua integração à API aberta. Chaves de sandbox só fazem pagamentos de teste. No máximo {{max}} chaves ativas.',
  'screens.developer.noKeys': 'Nenhuma chave de API ainda',
  'screens.developer.createKey': 'Criar chave',
  'screens.developer.create': 'Criar',
  'screens.developer.keyId': 'ID da chave',
  'screens.developer.keyName': 'Nome',
  'screens.developer.keyNameRequired': 'Dê um nome à chave',
  'screens.developer.mode': 'Modo',
  'screens.developer.modeHint':
    'Chaves de sandbox só fazem pagamentos de teste; chaves de produção movimentam dinheiro real e exigem uma lista de IPs permitidos.',
  'screens.developer.mode.sandbox': 'Ambiente de testes',
  'screens.developer.mode.live': 'Produção',
  'screens.developer.secret': 'Segredo',
  'screens.developer.status': 'Situação',
  'screens.developer.keyState.active': 'Ativa',
  'screens.developer.keyState.rolled': 'Rotacionada, ainda válida',
  'screens.developer.keyState.expired': 'Expirada',
  'screens.developer.keyState.revoked': 'Revogada',
  'screens.developer.expiresAt': 'Deixa de funcionar em',
  'screens.developer.lastUsedAt': 'Último uso',
  'screens.developer.neverUsed': 'Nunca',
  'screens.developer.createdTitle': 'Chave criada',
  'screens.developer.rolledTitle': 'Chave rotacionada',
  'screens.developer.secretOnce':
    'Copie o segredo agora e guarde-o em local seguro: ele não será exibido novamente.',
  'screens.developer.secretSaved': 'Já guardei o segredo',
  'screens.developer.oldKeyUntil':
    'A chave antiga continua funcionando até {{time}}; mude sua integração para a nova chave antes disso.',
  'screens.developer.roll': 'Rotacionar',
  'screens.developer.rollConfirmTitle': 'Rotacionar a chave "{{name}}"?',
  'screens.developer.rollConfirm':
    'Uma nova chave com um novo segredo a substitui. A chave antiga continua funcionando por {{hours}} horas e depois para.',
  'screens.developer.revoke': 'Revogar',
  'screens.developer.revokeConfirmTitle': 'Revogar a chave "{{name}}"?',
  'screens.developer.revokeConfirm':
    'Requisições assinadas com esta chave são recusadas imediatamente. Isso não pode ser desfeito.',
  'screens.developer.revoked': 'A chave foi revogada',
  'screens.developer.callbacksTitle': 'Endereços de callback',
  'screens.developer.callbacksHint':
    'Para onde enviamos notificações assinadas quando um pedido muda de situação. Um endereço informado com o pedido tem prioridade.',
  'screens.developer.collectionCallbackUrl': 'URL de callback de recebimentos',
  'screens.developer.payoutCallbackUrl': 'URL de callback de pagamentos',
  'screens.developer.urlInvalid': 'Informe um endereço que comece com http:// ou https://',
  'screens.developer.urlTooLong': 'No máximo {{max}} caracteres',
  'screens.developer.whitelistTitle': 'Lista de IPs permitidos',
  'screens.developer.whitelistHint':
    'Chamadas à API aberta só são aceitas destes endereços: IPv4 ou IPv6, endereços únicos ou faixas CIDR como 203.0.113.0/24. No máximo {{max}} entradas.',
  'screens.developer.whitelistEmpty':
    'A lista está vazia: apenas chaves de sandbox podem chamar a API aberta.',
  'screens.developer.ipEntry': 'Entrada {{n}}',
  'screens.developer.ipAdd': 'Adicionar endereço',
  'screens.developer.ipRemove': 'Remover endereço',
  'screens.developer.ipRequired': 'Informe um endereço ou remova a linha',
  'screens.developer.ipInvalid':
    'Não é um endereço IPv4 ou IPv6 nem uma faixa CIDR (ex.: 203.0.113.7, 203.0.113.0/24, 2001:db8::/32)',
  'screens.developer.ipDuplicate': 'Este endereço já está na lista',
  'screens.developer.webhookTitle': 'Segredo do webhook',
  'screens.developer.webhookHint':
    'Os callbacks trazem um cabeçalho webhook-signature calculado com este segredo (Standard Webhooks). Verifique-o antes de confiar em um callback.',
  'screens.developer.secretSet': 'Definido',
  'screens.developer.secretNotSet': 'Ainda não definido',
  'screens.developer.reveal': 'Revelar',
  'screens.developer.revealSecret': 'Revelar o segredo do webhook',
  'screens.developer.hide': 'Ocultar',
  'screens.developer.rollSecretTitle': 'Rotacionar o segredo do webhook?',
  'screens.developer.rollSecretConfirm':
    'Os callbacks passam a ser assinados com o novo segredo imediatamente; atualize sua verificação antes ou logo depois.',
  'screens.developer.createSecretTitle': 'Criar o segredo do webhook?',
  'screens.developer.createSecretConfirm': 'A partir de agora os callbacks serão assinados com ele.',
  'screens.developer.secretRolled': 'O novo segredo do webhook está em uso',
  'screens.developer.signTitle': 'Como assinar as requisições',
  'screens.developer.merchantId': 'ID do lojista',
  'screens.developer.signIntro':
    'Toda requisição à API aberta leva estes cabeçalhos; requisições POST levam também uma chave de idempotência:',
  'screens.developer.signCanonical':
    'A assinatura é o HMAC-SHA256 em hexadecimal minúsculo, com o segredo da chave, destas cinco linhas unidas por quebras de linha:',
  'screens.developer.signWebhooks':
    'O timestamp é em segundos Unix e pode diferir do nosso relógio em no máximo cinco minutos; um nonce não pode ser reutilizado. A referência completa, com exemplos, está na documentação da API.',
  'screens.developer.docsLink': 'Abrir a documentação da API',
};
export default messages;
