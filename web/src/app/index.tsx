import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { onUnauthorized } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { isPublicPath } from './guard';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);

  // A 401 has already dropped the cookie and role (api-client); forget cached data and go to login.
  useEffect(() => {
    onUnauthorized(() => {
      queryClient.clear();
      // The login page says why (issue 24): a click that lands there with no reason reads as a fault.
      if (!isPublicPath(router.state.location.pathname)) void router.navigate('/login?signedOut=1', { replace: true });
    });
    return () => onUnauthorized(null);
  }, [router]);

  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
