import { useTranslation } from 'react-i18next';
import styles from './login-banner.module.css';

/** The desktop banner: a container ship drawn in SVG, no external assets. */
export function LoginBanner() {
  const { t } = useTranslation('accounts');
  return (
    <aside className={styles.banner} aria-hidden="true">
      <div className={styles.copy}>
        <p className={styles.kicker}>{t('loginBanner.seaFreightBookedOnline')}</p>
        <p className={styles.headline}>{t('loginBanner.requestRatesAcceptQuotes')}</p>
      </div>
      <svg className={styles.art} viewBox="0 0 480 300" role="presentation" focusable="false">
        <circle cx="420" cy="46" r="28" fill="#f5a524" opacity="0.9" />
        <g fill="#ffffff" opacity="0.35">
          <ellipse cx="110" cy="60" rx="46" ry="12" />
          <ellipse cx="150" cy="52" rx="30" ry="10" />
          <ellipse cx="300" cy="110" rx="38" ry="9" />
        </g>
        <g>
          <rect x="118" y="132" width="52" height="30" rx="2" fill="#f5a524" />
          <rect x="174" y="132" width="52" height="30" rx="2" fill="#2e6bd8" />
          <rect x="230" y="132" width="52" height="30" rx="2" fill="#12a454" />
          <rect x="286" y="132" width="52" height="30" rx="2" fill="#d92d20" />
          <rect x="146" y="100" width="52" height="30" rx="2" fill="#5b8def" />
          <rect x="202" y="100" width="52" height="30" rx="2" fill="#f79009" />
          <rect x="258" y="100" width="52" height="30" rx="2" fill="#7a5af8" />
          <rect x="350" y="96" width="34" height="66" rx="3" fill="#e7eefb" />
          <rect x="356" y="104" width="22" height="10" rx="2" fill="#0b3d91" />
        </g>
        <path d="M70 162 H420 L392 214 H104 Z" fill="#e7eefb" />
        <path d="M104 214 H392 L398 202 H98 Z" fill="#d92d20" opacity="0.85" />
        <g fill="none" stroke="#ffffff" strokeWidth="4" strokeLinecap="round" opacity="0.55">
          <path d="M20 236 q20 -12 40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0" />
          <path d="M0 262 q20 -12 40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0" />
        </g>
      </svg>
    </aside>
  );
}
