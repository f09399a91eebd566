import type { Brand } from '@mg/domain';

export type AuthPage = 'login' | 'register' | 'register-result' | 'alteration';

/** A sign-in page in the brand's route style ('/login' or '/user/login'). */
export function authPath(brand: Brand, page: AuthPage): string {
  return `${brand.newRoute ? '' : '/user'}/${page}`;
}
