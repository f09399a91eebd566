import type { WebMessages } from './en-US';

const ptBR: WebMessages = {
  'page.login': 'Entrar',
  'page.register': 'Criar conta',
  'page.registerResult': 'Cadastro enviado',
  'page.alteration': 'Alterar senha',
  'page.productList': 'Produtos',
  'page.productSummary': 'Resumo de produtos',
  'page.notFound': 'Página não encontrada',
  'page.dashboard': 'Painel',
  'page.document': 'Documentação',

  'login.heading': 'Bem-vindo de volta',
  'login.subheading': 'Acesse o {{brand}} para gerenciar seus pagamentos.',
  'login.formPending': 'O formulário de acesso aparecerá aqui junto com o recurso de login.',
  'login.secure': 'Protegido com criptografia de nível bancário',
  'public.formPending': 'Este formulário aparecerá aqui junto com o recurso de login.',

  'layout.headline': 'Pagamentos para todos os mercados em que você vende',
  'layout.subline': 'Recebimentos, pagamentos e liquidações em um único painel.',
  'layout.feature.collections': 'Aceite meios de pagamento locais',
  'layout.feature.payouts': 'Envie pagamentos em tempo real',
  'layout.feature.settlement': 'Acompanhe cada liquidação e saldo',
  'layout.rights': 'Todos os direitos reservados.',
  'layout.country': 'País',
  'layout.language': 'Idioma',

  'notFound.subtitle': 'Desculpe, a página que você visitou não existe.',
  'notFound.backHome': 'Voltar ao início',

  'protected.placeholder': 'Seu painel chegará junto com o recurso de login.',
  'protected.logout': 'Sair',
};

export default ptBR;
