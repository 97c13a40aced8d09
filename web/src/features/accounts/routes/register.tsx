import { Link } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layouts';

export function RegisterRoute() {
  return (
    <main className="public-page">
      <PlaceholderPage title="Sign Up">
        <p>Registration for individuals and companies comes here.</p>
        <Link to="/login">Already have an account?</Link>
      </PlaceholderPage>
    </main>
  );
}
