/**
 * Security history: the audit log of the merchant's users (platform staff: everyone's), from the declared list
 * (packages/domain audit/list.ts): the last week by default, at most three months (spec §5).
 */
import { Typography } from 'antd';
import { auditList } from '@mg/domain';
import { ListPage } from '../../components/list';

export default function AuditPage() {
  return (
    <ListPage
      list={auditList}
      overrides={{
        render: {
          details: (r) =>
            r.details ? (
              <Typography.Text ellipsis={{ tooltip: r.details }} style={{ maxWidth: 360 }}>
                {r.details}
              </Typography.Text>
            ) : (
              '-'
            ),
        },
      }}
    />
  );
}
