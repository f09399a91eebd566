/** SQL of the cashier page: the face of the merchant the payer pays (its name and brand). */
import { eq } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { merchant } from '../../db/schema';

export async function selectMerchantFace(db: DbLike, merchantId: number): Promise<{ name: string; brand: string } | undefined> {
  const [m] = await db.select({ name: merchant.name, brand: merchant.brand }).from(merchant).where(eq(merchant.id, merchantId));
  return m;
}
