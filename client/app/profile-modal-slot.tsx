import { ProfileModal } from "../features/profile/components/profile-modal";
import { ProfileListings } from "../features/selling/components/profile-listings";

/** The profile modal with selling's listings in it, as one download for the root layout. */
export function ProfileModalSlot() {
  return <ProfileModal listings={<ProfileListings />} />;
}
