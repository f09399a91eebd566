/** Registers every administration module under /api (one line in app.ts). */
import type { FastifyPluginAsync } from 'fastify';
import { announcementRoutes } from '../announcements/routes';
import { auditRoutes } from '../audit/routes';
import { checkRuleRoutes, duplicateCheckRoutes } from '../checks/routes';
import { departPermissionRoutes, departRoutes } from '../departments/routes';
import { dictAdminRoutes, dictItemAdminRoutes } from '../dict-admin/routes';
import { mailOutboxRoutes } from '../mail-outbox/routes';
import { permissionRoutes } from '../permissions/routes';
import { roleRoutes } from '../roles/routes';
import { userRoutes } from '../users/routes';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(userRoutes, { prefix: '/sys/user' });
  await app.register(roleRoutes, { prefix: '/sys/role' });
  await app.register(permissionRoutes, { prefix: '/sys/permission' });
  await app.register(departRoutes, { prefix: '/sys/sysDepart' });
  await app.register(departPermissionRoutes, { prefix: '/sys/sysDepartPermission' });
  await app.register(dictAdminRoutes, { prefix: '/sys/dict' });
  await app.register(dictItemAdminRoutes, { prefix: '/sys/dictItem' });
  await app.register(announcementRoutes, { prefix: '/sys/annountCement' });
  await app.register(auditRoutes, { prefix: '/sys/audit' });
  await app.register(mailOutboxRoutes, { prefix: '/sys/mail' });
  await app.register(duplicateCheckRoutes, { prefix: '/sys/duplicate' });
  await app.register(checkRuleRoutes, { prefix: '/sys/checkRule' });
};
