// The sign-in pages' paths are the domain's: the server's e-mails link to them too.
export { authPath, type AuthPage } from '@mg/domain';
