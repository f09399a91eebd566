import { useState } from 'react';
import { Button } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ChangePasswordModal } from '../../app/shell/ChangePasswordModal';

/** Opens the shell's change-password dialog (spec §2: three fields, width 800, strength meter). */
export function ChangePasswordEntry() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<KeyOutlined />} onClick={() => setOpen(true)} data-testid="open-change-password">
        {t('account.security.changePassword')}
      </Button>
      <ChangePasswordModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
