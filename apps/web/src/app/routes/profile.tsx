// /user/users: the signed-in account's profile (docs/product.md §2 Profile view).
import { ProfileCard } from '@/features/auth/components/profile-card';
import { useDocumentTitle } from '@/lib/use-document-title';

export function ProfileRoute() {
  useDocumentTitle('Profile');
  return (
    <div className="container-xxl py-4 py-md-5">
      <ProfileCard />
    </div>
  );
}
