/** The staff's view on the overview page; the list and its review arrive with the admin work. */
export function RegistrationRequestsPanel() {
  return (
    <section aria-labelledby="registration-requests-heading">
      <h2 id="registration-requests-heading">Registration Requests</h2>
      <p>Pending registration requests will be listed here.</p>
    </section>
  );
}
