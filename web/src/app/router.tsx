import { Navigate, createBrowserRouter, matchRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { loadLoginCatalogues } from '@/i18n';
import { hasToken } from '@/lib/session';
import { dashboardEntry } from './guard';
import { lazyNamed } from './lazy';
import { canAudit, canOperate } from './routes/dashboard/menu';
import { StaffOnly } from './routes/dashboard/staff-only';
import { RootLayout } from './routes/root';
import { RouteError } from './routes/route-error';

// Every screen is its own chunk, so /login loads only what the login screen needs.
const LoginRoute = lazyNamed(() => import('@/features/accounts/routes/login'), 'LoginRoute', loadLoginCatalogues);
const RegisterRoute = lazyNamed(() => import('@/features/accounts/routes/register'), 'RegisterRoute');
const ForgetPasswordRoute = lazyNamed(
  () => import('@/features/accounts/routes/forget-password'),
  'ForgetPasswordRoute',
);
const CreatePasswordRoute = lazyNamed(
  () => import('@/features/accounts/routes/create-password'),
  'CreatePasswordRoute',
);
const AcceptInvitationRoute = lazyNamed(
  () => import('@/features/accounts/routes/accept-invitation'),
  'AcceptInvitationRoute',
);
const ProfileRoute = lazyNamed(() => import('@/features/accounts/routes/profile'), 'ProfileRoute');
const DashboardLayout = lazyNamed(() => import('./routes/dashboard/layout'), 'DashboardLayout');
const OverviewRoute = lazyNamed(() => import('./routes/dashboard/overview'), 'OverviewRoute');
const NotFoundRoute = lazyNamed(() => import('./routes/not-found'), 'NotFoundRoute');
const DocumentsRoute = lazyNamed(() => import('@/features/booking/routes/documents'), 'DocumentsRoute');
const BookingsRoute = lazyNamed(() => import('@/features/booking/routes/bookings'), 'BookingsRoute');
const NewBookingRoute = lazyNamed(() => import('@/features/booking/routes/new-booking'), 'NewBookingRoute');
const RateRequestDetailRoute = lazyNamed(
  () => import('@/features/booking/routes/rate-request-detail'),
  'RateRequestDetailRoute',
);
const RateRequestEditRoute = lazyNamed(
  () => import('@/features/booking/routes/rate-request-edit'),
  'RateRequestEditRoute',
);
const RegistrationRequestDetailRoute = lazyNamed(
  () => import('@/features/admin/routes/registration-request-detail'),
  'RegistrationRequestDetailRoute',
);
const UpdateRequestDetailRoute = lazyNamed(
  () => import('@/features/admin/routes/update-request-detail'),
  'UpdateRequestDetailRoute',
);
const OperationsRoute = lazyNamed(() => import('@/features/operations/routes/operations'), 'OperationsRoute');
const TariffsRoute = lazyNamed(() => import('@/features/operations/routes/tariffs'), 'TariffsRoute');
const SchedulesRoute = lazyNamed(() => import('@/features/operations/routes/schedules'), 'SchedulesRoute');
const TrackingRoute = lazyNamed(() => import('@/features/tracking/routes/tracking'), 'TrackingRoute');
const AuditLogRoute = lazyNamed(() => import('@/features/audit/routes/audit-log'), 'AuditLogRoute');
const AuditTimelineRoute = lazyNamed(() => import('@/features/audit/routes/audit-timeline'), 'AuditTimelineRoute');
const BookingSearchRoute = lazyNamed(() => import('@/features/audit/routes/booking-search'), 'BookingSearchRoute');
const BookingTrailRoute = lazyNamed(() => import('@/features/audit/routes/booking-trail'), 'BookingTrailRoute');

function DashboardEntry() {
  return <Navigate to={dashboardEntry(hasToken())} replace />;
}

/**
 * The route table of spec 000 section 2 and spec 001 section 2, spellings included
 * (doucuments, indivisual, Corporate, CorporateForeign, NewBooking), plus the staff screens of the design.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout isScreen={isScreen} />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <DashboardEntry /> },
      { path: 'login', element: <LoginRoute isScreen={isScreen} /> },
      { path: 'register', element: <RegisterRoute /> },
      { path: 'team/invitation', element: <AcceptInvitationRoute /> },
      {
        path: 'forgetpassword',
        children: [
          { index: true, element: <ForgetPasswordRoute /> },
          { path: 'createpassword', element: <CreatePasswordRoute /> },
        ],
      },
      {
        path: 'dashboard',
        element: <DashboardLayout />,
        children: [
          { index: true, element: <DashboardEntry /> },
          { path: 'doucuments', element: <DocumentsRoute /> },
          { path: 'documents', element: <DocumentsRoute /> },
          { path: 'overview', element: <OverviewRoute /> },
          {
            path: 'request/indivisual/detail/:id',
            element: (
              <StaffOnly allow={canOperate}>
                <RegistrationRequestDetailRoute kind="individual" />
              </StaffOnly>
            ),
          },
          {
            path: 'request/corporate/detail/:id',
            element: (
              <StaffOnly allow={canOperate}>
                <RegistrationRequestDetailRoute kind="domestic" />
              </StaffOnly>
            ),
          },
          {
            path: 'request/corporateForeign/detail/:id',
            element: (
              <StaffOnly allow={canOperate}>
                <RegistrationRequestDetailRoute kind="foreign" />
              </StaffOnly>
            ),
          },
          { path: 'profile', element: <ProfileRoute /> },
          {
            path: 'request/update/indivisual/detail/:id',
            element: (
              <StaffOnly allow={canOperate}>
                <UpdateRequestDetailRoute kind="individual" />
              </StaffOnly>
            ),
          },
          {
            path: 'request/update/Corporate/detail/:id',
            element: (
              <StaffOnly allow={canOperate}>
                <UpdateRequestDetailRoute kind="domestic" />
              </StaffOnly>
            ),
          },
          {
            path: 'request/update/CorporateForeign/detail/:id',
            element: (
              <StaffOnly allow={canOperate}>
                <UpdateRequestDetailRoute kind="foreign" />
              </StaffOnly>
            ),
          },
          { path: 'bookings', element: <BookingsRoute /> },
          { path: 'bookings/NewBooking', element: <NewBookingRoute /> },
          { path: 'bookings/rate-request/detail/:id', element: <RateRequestDetailRoute /> },
          { path: 'bookings/rate-request/edit/:id', element: <RateRequestEditRoute /> },
          {
            path: 'operations',
            element: (
              <StaffOnly allow={canOperate}>
                <OperationsRoute />
              </StaffOnly>
            ),
          },
          {
            path: 'tariffs',
            element: (
              <StaffOnly allow={canOperate}>
                <TariffsRoute />
              </StaffOnly>
            ),
          },
          {
            path: 'schedules',
            element: (
              <StaffOnly allow={canOperate}>
                <SchedulesRoute />
              </StaffOnly>
            ),
          },
          {
            path: 'tracking',
            element: (
              <StaffOnly allow={canOperate}>
                <TrackingRoute />
              </StaffOnly>
            ),
          },
          {
            path: 'audit',
            element: (
              <StaffOnly allow={canAudit}>
                <AuditLogRoute />
              </StaffOnly>
            ),
          },
          {
            path: 'audit/bookings',
            element: (
              <StaffOnly allow={canAudit}>
                <BookingSearchRoute />
              </StaffOnly>
            ),
          },
          {
            path: 'audit/bookings/:reference',
            element: (
              <StaffOnly allow={canAudit}>
                <BookingTrailRoute />
              </StaffOnly>
            ),
          },
          {
            path: 'audit/:aggregateId',
            element: (
              <StaffOnly allow={canAudit}>
                <AuditTimelineRoute />
              </StaffOnly>
            ),
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/** Whether a path (its query and fragment aside) is one of the screens above rather than the not-found page:
 * a login carries only such a path as where to go once signed in. */
export function isScreen(path: string): boolean {
  const matches = matchRoutes(routes, path.split(/[?#]/, 1)[0]) ?? [];
  return matches.length > 0 && matches[matches.length - 1].route.path !== '*';
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
