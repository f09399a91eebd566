import { ANNOUNCEMENT_PRIORITY_COLORS } from '@mg/domain';
// The cell itself, not the list kit's index: the header's bell shows this tag on every page and must not bring the
// whole list kit (pro-components) with it.
import { StatusTag } from '../../components/list/cells';

/** An announcement's priority in its declared colour. */
export function PriorityTag({ priority }: { priority: string }) {
  return <StatusTag value={priority} labels="announcements.priority" colors={ANNOUNCEMENT_PRIORITY_COLORS} />;
}
