import type { Messages } from './en-US';

const messages: Messages = {
  'screens.exports.button': 'Exportar',
  'screens.exports.empty': 'Nenhum registro corresponde aos filtros; o arquivo terá só o cabeçalho.',
  'screens.exports.jobTitle': 'Exportando',
  'screens.exports.running': '{{rows}} linhas: uma exportação grande está sendo preparada em segundo plano.',
  'screens.exports.mailHint': 'Quando terminar, o link de download será enviado para seu e-mail; você pode fechar esta janela.',
  'screens.exports.ready': 'Exportação pronta',
  'screens.exports.mailed': 'O link de download também foi enviado para seu e-mail.',
  'screens.exports.failed': 'A exportação falhou. Tente novamente.',
  'screens.exports.download': 'Baixar',
  'screens.exports.close': 'Fechar',
};
export default messages;
