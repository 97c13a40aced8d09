import { PlaceholderPage } from '@/components/layouts';

/** The reset link's page: /forgetpassword/createpassword?token=...&nationalId=... */
export function CreatePasswordRoute() {
  return (
    <main className="public-page">
      <PlaceholderPage title="Create New Password">
        <p>Minimum 8 letters, numbers and symbols.</p>
      </PlaceholderPage>
    </main>
  );
}
