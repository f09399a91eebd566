import { useTranslation } from 'react-i18next';
import { PASSWORD_STRENGTH_KEYS, passwordStrength } from '@mg/domain';

const LEVEL = { low: 1, medium: 2, strong: 3 } as const;

/** Spec §5 strength (low, medium, strong) of the domain's passwordStrength, as three bars and a label. */
export function PasswordStrengthMeter({ value, testId = 'password-strength' }: { value: string | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (!value) return null;
  const strength = passwordStrength(value);
  const level = LEVEL[strength];
  return (
    <div className={`mg-strength mg-strength--${strength}`} data-testid={testId} data-strength={strength} aria-live="polite">
      <div className="mg-strength__bars" aria-hidden>
        {[1, 2, 3].map((i) => (
          <span key={i} className={i <= level ? 'mg-strength__bar mg-strength__bar--on' : 'mg-strength__bar'} />
        ))}
      </div>
      <span className="mg-strength__label">
        {t('auth.password.strength')}: {t(PASSWORD_STRENGTH_KEYS[strength])}
      </span>
    </div>
  );
}
