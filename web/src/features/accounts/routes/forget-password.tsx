import { Link } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layouts';

export function ForgetPasswordRoute() {
  return (
    <main className="public-page">
      <PlaceholderPage title="Forgot Password">
        <p>Reset your password with your National ID.</p>
        <Link to="/login">Back to Log In</Link>
      </PlaceholderPage>
    </main>
  );
}
