import styles from './accounts.module.css';

/** The server's messages about fields a form does not show (from `useServerFieldErrors`), above its buttons. */
export function UnplacedErrors({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <p className={styles.formError} role="alert">
      {messages.join(' ')}
    </p>
  );
}
