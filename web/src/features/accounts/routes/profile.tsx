import { useSearchParams } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layouts';

/** ?editProfile=true: the Edit Profile tab; ?security=true: the Security tab; neither: the overview text. */
export function ProfileRoute() {
  const [params] = useSearchParams();
  if (params.get('editProfile') === 'true') {
    return <PlaceholderPage title="Edit Profile">Your profile form comes here.</PlaceholderPage>;
  }
  if (params.get('security') === 'true') {
    return <PlaceholderPage title="Security">Change your password here.</PlaceholderPage>;
  }
  return <PlaceholderPage title="Profile">Your Profile Information</PlaceholderPage>;
}
