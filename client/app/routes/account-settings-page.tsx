import { LogOut } from "lucide-react";
import { useState } from "react";
import { SignOutDialog } from "../../components/sign-out-dialog";
import { Button } from "../../components/ui/button";
import { PageTitle } from "../../components/ui/page-title";
import {
  AccountLinks,
  BUYING_LINKS,
  SELLING_LINKS,
} from "../../features/account/components/account-links";
import { ApiTokensSection } from "../../features/account/components/api-tokens-section";
import { AvatarUpload } from "../../features/account/components/avatar-upload";
import { ChangeEmailForm } from "../../features/account/components/change-email-form";
import { ChangePasswordForm } from "../../features/account/components/change-password-form";
import { MarketingToggle } from "../../features/account/components/marketing-toggle";
import { ProfileForm } from "../../features/account/components/profile-form";
import { SettingsGroup, SettingsItem } from "../../features/account/components/settings-group";
import { NotificationPreferences } from "../../features/notifications/components/notification-preferences";
import { useSession } from "../../lib/session";

/** /account/settings (signed in only): Personal Info, Buying, Selling, password, API tokens, sign-out. */
export function AccountSettingsPage() {
  const { user } = useSession();
  const [confirmingSignOut, setConfirmingSignOut] = useState(false);
  if (!user) return null;
  // The session does not carry the marketing choice yet; when it does, the toggle shows it.
  const marketingEmails =
    "marketingEmails" in user && typeof user.marketingEmails === "boolean"
      ? user.marketingEmails
      : undefined;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <PageTitle title="Account Settings" />
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Account Settings</h1>
        <p className="text-slate-700">
          Signed in as <span className="font-medium text-slate-900">{user.username}</span>
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-6">
          <SettingsGroup id="personal-info" title="Personal Info">
            <SettingsItem title="Profile photo">
              <AvatarUpload user={user} />
            </SettingsItem>
            <SettingsItem title="Name and username">
              <ProfileForm user={user} />
            </SettingsItem>
            <SettingsItem title="Email">
              <ChangeEmailForm email={user.email} />
            </SettingsItem>
            <SettingsItem title="Marketing emails">
              <MarketingToggle initial={marketingEmails} />
            </SettingsItem>
          </SettingsGroup>
          <SettingsGroup
            id="change-password"
            title="Change password"
            description="Signing in elsewhere ends when you change it."
          >
            <ChangePasswordForm />
          </SettingsGroup>
          <SettingsGroup id="notifications" title="Notifications">
            <NotificationPreferences />
          </SettingsGroup>
          <SettingsGroup
            id="api-tokens"
            title="API tokens"
            description="Let your own scripts and tools read your orders or manage your listings and messages as you, with the scopes you choose. A token can never change your password, email or tokens."
          >
            <ApiTokensSection />
          </SettingsGroup>
        </div>
        <div className="flex flex-col gap-6">
          <SettingsGroup id="buying" title="Buying">
            <AccountLinks links={BUYING_LINKS} />
          </SettingsGroup>
          <SettingsGroup id="selling" title="Selling">
            <AccountLinks links={SELLING_LINKS} />
          </SettingsGroup>
          <SettingsGroup id="sign-out" title="Sign Out">
            <p className="mb-4 text-sm text-slate-700">Sign out of Tradewinds on this device.</p>
            <Button variant="outline" onClick={() => setConfirmingSignOut(true)}>
              <LogOut aria-hidden="true" className="size-4" />
              Sign Out
            </Button>
          </SettingsGroup>
        </div>
      </div>
      <SignOutDialog open={confirmingSignOut} onClose={() => setConfirmingSignOut(false)} />
    </div>
  );
}
