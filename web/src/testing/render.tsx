import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from '@/components/ui/toast';
import { createQueryClient } from '@/lib/query-client';

/** Renders a component with the app's providers: a fresh query client, a router and the toaster. The router is
 * a data router, as the app's is (a form's leave warning blocks navigation only there), answered for tests
 * that navigate. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  return {
    queryClient,
    router,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>,
    ),
  };
}

export function envelope<T>(response: T, init: { status?: number } = {}): Response {
  return new Response(JSON.stringify({ isSuccess: true, isError: false, error: null, response }), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function failureEnvelope(description: string | null, status = 400): Response {
  return new Response(
    JSON.stringify({
      isSuccess: false,
      isError: true,
      error: description === null ? null : { description },
      response: null,
    }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
}
