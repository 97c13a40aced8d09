import styles from './logo.module.css';

/** The portal's mark beside its name (the login card and the dashboard's header); decoration only. */
export function Logo() {
  return <span className={styles.logo} aria-hidden="true" />;
}
