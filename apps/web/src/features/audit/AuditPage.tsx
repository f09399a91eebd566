/**
 * Security history: the audit log of the merchant's users (platform staff: everyone's), from the declared list
 * (packages/domain audit/list.ts): the last week by default, at most three months (spec §5). Each entry's facts are
 * worded in the reader's language by the list's detail column (domain audit/detail.ts).
 */
import { auditList } from '@mg/domain';
import { ListPage } from '../../components/list';

export default function AuditPage() {
  return <ListPage list={auditList} />;
}
