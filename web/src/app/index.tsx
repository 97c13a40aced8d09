import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { onUnauthorized } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { isPublicPath, loginLeadingTo } from './guard';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

/** A 401 has already dropped the cookie and role (api-client); forget cached data and go to login, saying why. */
function leadToLogin(router: AppRouter): () => void {
  return () => {
    queryClient.clear();
    // The login page says why: a click that lands there with no reason reads as a fault.
    const { pathname, search, hash } = router.state.location;
    // Signed in again, the person is back where the session ended.
    if (!isPublicPath(pathname))
      void router.navigate(loginLeadingTo(`${pathname}${search}${hash}`, 'signedOut'), { replace: true });
  };
}

export function App() {
  // Listening from the router's creation: its first requests may be refused before an effect would have run,
  // and a refusal nobody heard leaves only the guard's bare redirect (no reason) to the login page.
  const [router] = useState(() => {
    const created = createAppRouter();
    onUnauthorized(leadToLogin(created));
    return created;
  });

  useEffect(() => {
    onUnauthorized(leadToLogin(router));
    return () => onUnauthorized(null);
  }, [router]);

  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
