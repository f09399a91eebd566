/** Shapes of the grant calls, shared by the role and department grants (roles/, departments/). */
import { z } from 'zod';
import { idListSchema, idSchema } from '../../lib/admin';

/** Recursive: its component id (meta below) names the cycle in the OpenAPI document, else a dangling ref. */
export const treeNodeSchema: z.ZodType = z.lazy(() =>
  z.object({
    key: z.number(),
    value: z.number(),
    title: z.string(),
    code: z.string(),
    permsType: z.string(),
    menuType: z.number(),
    status: z.string(),
    isLeaf: z.boolean(),
    children: z.array(treeNodeSchema).optional(),
  }),
).meta({ id: 'PermissionTreeNode' });
export const grantTreeSchema = z.object({ treeList: z.array(treeNodeSchema), ids: z.array(z.number()) });

const grantFields = {
  permissionIds: idListSchema.describe("'1,2,3': the complete new set"),
  lastpermissionIds: idListSchema.optional().describe('the set the screen loaded (informational)'),
};
export const roleGrantBody = z.object({ roleId: idSchema, ...grantFields });
export const departGrantBody = z.object({ departId: idSchema, ...grantFields });
