import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { onUnauthorized } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { isPublicPath, loginLeadingTo } from './guard';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);

  // A 401 has already dropped the cookie and role (api-client); forget cached data and go to login.
  useEffect(() => {
    onUnauthorized(() => {
      queryClient.clear();
      // The login page says why: a click that lands there with no reason reads as a fault.
      const { pathname, search, hash } = router.state.location;
      // Signed in again, the person is back where the session ended.
      if (!isPublicPath(pathname))
        void router.navigate(loginLeadingTo(`${pathname}${search}${hash}`, 'signedOut'), { replace: true });
    });
    return () => onUnauthorized(null);
  }, [router]);

  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
