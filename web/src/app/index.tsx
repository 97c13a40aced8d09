import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { onSomeoneElseSignedIn, onUnauthorized, tabStillShowsTheSignedInPerson } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { isPublicPath, loginLeadingTo } from './guard';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import { leadToWhoIsSignedIn } from './someone-else-signed-in';

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
    onSomeoneElseSignedIn(leadToWhoIsSignedIn(queryClient));
    return created;
  });

  // Back on the tab, before anything is done on it: is the person signed in still the one it shows (3893)?
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') tabStillShowsTheSignedInPerson();
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, []);

  useEffect(() => {
    onUnauthorized(leadToLogin(router));
    onSomeoneElseSignedIn(leadToWhoIsSignedIn(queryClient));
    return () => {
      onUnauthorized(null);
      onSomeoneElseSignedIn(null);
    };
  }, [router]);

  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
