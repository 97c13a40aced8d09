import { useEffect } from 'react';
import { SignUpFlow } from '../components/sign-up-flow';
import styles from '../components/accounts.module.css';

export function RegisterRoute() {
  useEffect(() => {
    document.title = 'Sign Up | Freight Booking Portal';
  }, []);
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>Sign Up</h1>
        <p className={styles.subtitle}>Create an account for an individual person or a company.</p>
        <SignUpFlow />
      </div>
    </main>
  );
}
