import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { EyeIcon, EyeOffIcon } from '../icons';
import { TextInput } from '../text-input';
import type { TextInputProps } from '../text-input';
import styles from './password-input.module.css';
import { isAcceptedStrength, passwordStrength, strengthLevel } from './password-strength';

export interface PasswordInputProps extends Omit<TextInputProps, 'type'> {
  /**
   * Shows a strength bar and hands the value on through `onAcceptedChange` only when the score is above
   * 75; a weaker value is handed on as ''. The raw `onChange` is not forwarded in this mode, so a form
   * never holds a password the meter rejected.
   */
  passwordCheck?: boolean;
  onAcceptedChange?: (value: string) => void;
  /** In `passwordCheck` mode, every value as typed (the meter still shows its strength): for forms that say
   * the rule a password breaks rather than treating a weak one as empty. */
  onValueChange?: (value: string) => void;
}

export function PasswordInput({
  passwordCheck = false,
  onAcceptedChange,
  onValueChange,
  onChange,
  id,
  ...rest
}: PasswordInputProps) {
  const { t } = useTranslation('common');
  const generatedId = useId();
  const inputId = id ?? `password-${generatedId}`;
  const [visible, setVisible] = useState(false);
  const [score, setScore] = useState(0);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (!passwordCheck) {
      onChange?.(event);
      return;
    }
    const next = passwordStrength(event.target.value);
    setScore(next);
    onAcceptedChange?.(isAcceptedStrength(next) ? event.target.value : '');
    onValueChange?.(event.target.value);
  };

  const level = strengthLevel(score);
  // The level's word in the language shown (`passwordInput.weak`, `.fair`, `.strong`).
  const levelText = t(`passwordInput.${level}`);
  // The toggle's name avoids the word "password" so that finding the field by its label stays unambiguous.
  const toggle = (
    <button
      type="button"
      className={styles.toggle}
      onClick={() => setVisible((v) => !v)}
      aria-controls={inputId}
      disabled={rest.disabled}
    >
      {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
      <span className="visually-hidden">{visible ? t('passwordInput.hide') : t('passwordInput.show')}</span>
    </button>
  );

  return (
    <div className={styles.wrapper}>
      <TextInput
        {...rest}
        id={inputId}
        type={visible ? 'text' : 'password'}
        autoComplete={rest.autoComplete ?? (passwordCheck ? 'new-password' : 'current-password')}
        onChange={handleChange}
        endAdornment={toggle}
      />
      {passwordCheck ? (
        <div className={styles.strength}>
          <div
            className={styles.track}
            role="meter"
            aria-label={t('passwordInput.strength')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={score}
            aria-valuetext={levelText}
          >
            <div className={`${styles.bar} ${styles[level]}`} style={{ width: `${score}%` }} data-level={level} />
          </div>
          <span className={styles.levelText} aria-hidden="true">
            {score > 0 ? levelText : ''}
          </span>
        </div>
      ) : null}
    </div>
  );
}
